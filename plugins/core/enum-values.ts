/**
 * Enum values with a description each, from a `value → description` table. Typing the table as
 * `Record<(typeof VALUES)[number], string>` makes a value without a description a type error.
 */
export function describedValues<T extends string>(descriptions: Record<T, string>) {
  return Object.fromEntries(
    Object.entries<string>(descriptions).map(([value, description]) => [value, { description }]),
  ) as Record<T, { description: string }>;
}
