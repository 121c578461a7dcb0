import { builder } from "../../src/schema/builder.js";

export const AuditEventRef = builder.prismaNode("AuditEvent", {
  id: { field: "id" },
  description: "An immutable, hash-chained record of a change (CONTRACT.md §11).",
  fields: (t) => ({
    eventId: t.exposeString("id", { description: "Audit event id (aud_…)." }),
    matterId: t.exposeString("matterId", {
      nullable: true,
      description: "Matter the change belongs to, if any.",
    }),
    eventType: t.exposeString("eventType", {
      description: "What happened, e.g. operation.created.",
    }),
    actorId: t.exposeString("actorId", {
      description: "User id when the key is bound to a user, else the key id.",
    }),
    objectType: t.exposeString("objectType", {
      nullable: true,
      description: "Kind of object changed.",
    }),
    objectId: t.exposeString("objectId", {
      nullable: true,
      description: "Id of the object changed.",
    }),
    requestId: t.exposeString("requestId", {
      nullable: true,
      description: "Request that caused it (the response's audit_ref).",
    }),
    timestamp: t.expose("timestamp", { type: "DateTime", description: "When it was recorded." }),
    details: t.field({
      type: "JSONObject",
      description: "Event details.",
      resolve: (e) => e.details as Record<string, unknown>,
    }),
    sequence: t.exposeInt("sequence", {
      description: "Position in the organization+environment chain.",
    }),
    prevHash: t.exposeString("prevHash", {
      description: "Hash of the previous event in the chain.",
    }),
    hash: t.exposeString("hash", {
      description: "SHA-256 over this event's canonical JSON and prev_hash.",
    }),
  }),
});

export const AuditVerificationRef = builder
  .objectRef<{
    valid: boolean;
    eventsChecked: number;
    headHash: string | null;
    firstInvalidEventId: string | null;
  }>("AuditVerification")
  .implement({
    description: "Result of re-computing the audit hash chain.",
    fields: (t) => ({
      valid: t.exposeBoolean("valid", { description: "True when every link and hash checks out." }),
      eventsChecked: t.exposeInt("eventsChecked", { description: "How many events were checked." }),
      headHash: t.exposeString("headHash", {
        nullable: true,
        description: "Hash of the newest event in the chain.",
      }),
      firstInvalidEventId: t.exposeString("firstInvalidEventId", {
        nullable: true,
        description:
          "First event that fails, if any. Null when valid, and also when that event is out of " +
          "the caller's reach (another matter's, or organization-level, for a key limited to matters).",
      }),
    }),
  });
