import type { RouteDef } from "../../rest-bridge/types.js";

const tag = "Operations";

export const operationRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/v1/operations",
    field: "createOperation",
    args: { input: "body" },
    status: 201,
    idempotent: true,
    summary: "Create an operation",
    tag,
  },
  {
    method: "GET",
    path: "/v1/operations",
    field: "operations",
    list: true,
    summary: "List operations",
    tag,
  },
  {
    method: "GET",
    path: "/v1/operations/{id}",
    field: "operation",
    args: { id: "path.id" },
    summary: "Retrieve an operation",
    tag,
  },
  {
    method: "PATCH",
    path: "/v1/operations/{id}",
    field: "updateOperation",
    args: { id: "path.id", input: "body" },
    idempotent: true,
    summary: "Update an operation",
    tag,
  },
  {
    method: "POST",
    path: "/v1/operations/{id}/transitions",
    field: "transitionOperation",
    args: { id: "path.id", input: "body" },
    idempotent: true,
    summary: "Move an operation to another state",
    tag,
  },
  {
    method: "GET",
    path: "/v1/operations/{id}/transitions",
    field: "operationTransitions",
    args: { id: "path.id" },
    list: true,
    summary: "List an operation's transitions",
    tag,
  },
];
