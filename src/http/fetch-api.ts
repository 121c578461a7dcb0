/**
 * The Fetch API classes the service builds its requests and responses with: @whatwg-node's, the
 * ones the server adapter and graphql-yoga use. The adapter writes their string bodies and
 * plain-object headers to Node directly, and yoga reads a string body as it is; Node's own
 * (undici) classes would pass every body through a web stream, on every request.
 */
export { Headers, Request, Response } from "@whatwg-node/fetch";
