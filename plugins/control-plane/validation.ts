import { invalid } from "../../src/errors.js";
import { idPrefix } from "../../src/ids.js";
import { FEATURE_FLAGS } from "./permissions.js";

/** Input checks shared by the control-plane mutations. */
export function checkFeatures(features: readonly string[]) {
  features.forEach((f, i) => {
    if (!(FEATURE_FLAGS as readonly string[]).includes(f)) {
      throw invalid(
        `features[${i}]`,
        `Unknown feature '${f}'. Known: ${FEATURE_FLAGS.join(", ")}.`,
      );
    }
  });
}

export function checkMatterIds(ids: readonly string[]) {
  ids.forEach((id, i) => {
    if (idPrefix(id) !== "mat")
      throw invalid(`matter_ids[${i}]`, `'${id}' is not a matter id (mat_…).`);
  });
}
