import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Relationships";
const one = "path.relationship_id" as const;

export const relationshipRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/relationships",
    field: "createRelationship",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary:
      "Record a relationship (a channel to a counterparty, found by type and normalised name or created)",
    tag,
  },
  {
    method: "GET",
    path: "/v1/relationships",
    field: "relationships",
    list: true,
    summary: "List relationships",
    tag,
  },
  {
    method: "GET",
    path: "/v1/relationships/{relationship_id}",
    field: "relationship",
    args: { id: one },
    summary: "Retrieve a relationship",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/relationships/{relationship_id}",
    field: "updateRelationship",
    args: { id: one, input: "body" },
    idempotent: true,
    summary: "Update a relationship's channel type, packet kinds, risk level or notes",
    tag,
  },
  {
    method: "POST",
    path: "/v1/relationships/{relationship_id}/contact-log",
    field: "logRelationshipContact",
    args: { id: one, input: "body" },
    status: 201,
    idempotent: true,
    summary: "Log a contact through the relationship about a matter",
    tag,
  },
  {
    method: "GET",
    path: "/v1/relationships/counterparties/{counterparty_id}",
    field: "counterpartyHistory",
    args: { id: "path.counterparty_id" },
    summary:
      "A counterparty's relationships (items), the packets addressed to it and its contact history",
    tag,
  },
];
