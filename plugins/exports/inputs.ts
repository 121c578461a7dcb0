import { builder } from "../../src/schema/builder.js";
import { ExportFormatEnum, RedactionProfileEnum } from "./types.js";

/** The body of POST /v1/packets/{packet_id}/export and POST /v1/reports/{report_id}/export. */
export const ExportInput = builder.inputType("ExportInput", {
  description: "What file to make of a packet or report, and what it hides (CONTRACT.md §12).",
  fields: (t) => ({
    format: t.field({
      type: ExportFormatEnum,
      required: true,
      description: "pdf, zip or json.",
    }),
    redactionProfile: t.field({
      type: RedactionProfileEnum,
      description:
        "What the file hides (see RedactionProfile). Packets default to `none`; a report defaults to its own redaction_profile and refuses a weaker one (400 parameter_invalid).",
    }),
    claimantId: t.id({
      description:
        "With redaction_profile `claimant` only (400 parameter_invalid otherwise): the claimant (clm_…, of the object's matter, else 404) the file is prepared for, whose own identity and share stay visible. Left out, the claimant profile hides every claimant. A claimant update is always prepared for its own claimant.",
    }),
  }),
});

export type ExportInputShape = typeof ExportInput.$inferInput;
