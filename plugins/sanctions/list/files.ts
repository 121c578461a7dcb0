/** File names of the shipped lists, inside data/sanctions/. */
export const ADDRESS_FILE = "sdn-digital-currency-addresses.json";
export const NAME_FILE = "sdn-names.json";
