import { createServer, STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { createServerAdapter } from "@whatwg-node/server";
import { DEFAULT_VERSION } from "../config.js";
import { ApiError } from "../errors.js";
import { newId } from "../ids.js";
import { MAX_HEADER_BYTES } from "./limits.js";

/**
 * A request Node cannot parse (a head over MAX_HEADER_BYTES, broken HTTP) never reaches the
 * app; answer it with the contract's error body instead of Node's bare status line.
 */
function refuseUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!error.code?.startsWith("HPE_") || !socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = newId("request");
  const apiError = new ApiError("parameter_invalid", {
    message:
      error.code === "HPE_HEADER_OVERFLOW"
        ? `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes.`
        : "The request is not valid HTTP/1.1.",
  });
  const body = JSON.stringify(apiError.toBody(requestId));
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `MD-Request-Id: ${requestId}\r\n` +
      `MD-Version: ${DEFAULT_VERSION}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

/** Node's HTTP server in front of the app's fetch handler. */
export function createHttpServer(handle: (request: Request) => Promise<Response>): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, createServerAdapter(handle));
  server.on("clientError", refuseUnparsable);
  return server;
}
