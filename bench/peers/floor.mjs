// Peer: the floor. A bare node:http server answering every request with a fixed small JSON body.
import { createServer } from "node:http";

const body = JSON.stringify({
  id: "op_floor",
  type: "asset_recovery",
  intent: "trace",
  posture: "monitoring",
  state: "created",
});
createServer((req, res) => {
  req.resume();
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(body);
}).listen(Number(process.env.PORT), "127.0.0.1");
