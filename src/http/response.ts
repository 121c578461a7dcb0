/**
 * The Response every handler answers with: @whatwg-node's, the class the server adapter and
 * graphql-yoga use. The adapter writes its string body and plain-object headers to Node
 * directly; Node's own (undici) Response would be read back through a web stream each time.
 */
export { Response } from "@whatwg-node/fetch";
