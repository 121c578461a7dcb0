import { builder } from "../../src/schema/builder.js";
import { CapabilitiesRef } from "../control-plane/types.js";
import { sanctionsList } from "./list/load.js";
import { ListIssueRef } from "./types.js";

/** GET /v1/capabilities names the list issue screens run against. */
export function registerCapabilitiesField() {
  builder.objectField(CapabilitiesRef, "sanctionsList", (t) =>
    t.field({
      type: ListIssueRef,
      description: "The OFAC SDN list issue this deployment screens against.",
      resolve: (_parent, _args, ctx) => {
        const { issueDate, source } = sanctionsList(ctx.services.config.sanctionsDir).issue;
        return { issueDate, source };
      },
    }),
  );
}
