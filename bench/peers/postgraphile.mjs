// Peer: PostGraphile 5 (amber preset) on the service's own tables, for the nested matter query.
import { createServer } from "node:http";

// PostGraphile 5 targets Node.js 22 (Promise.withResolvers); this machine may run Node.js 20.
Promise.withResolvers ??= function withResolvers() {
  let resolve;
  let reject;
  const promise = new this((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const { postgraphile } = await import("postgraphile");
const { makePgService } = await import("postgraphile/adaptors/pg");
const { grafserv } = await import("postgraphile/grafserv/node");
const { PostGraphileAmberPreset } = await import("postgraphile/presets/amber");

const preset = {
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ["public"] })],
  grafserv: { graphqlPath: "/graphql", watch: false },
  grafast: { explain: false },
};
const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const server = createServer();
serv.addTo(server);
server.listen(Number(process.env.PORT), "127.0.0.1");
