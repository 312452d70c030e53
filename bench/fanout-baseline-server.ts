/**
 * bench/fanout.ts's baseline: a bare Bun.serve holding WebSockets and nothing else. Each socket gets
 * a hello when it opens, as ours do; `POST /publish` sends its body to every socket with one
 * Bun publish (what our hub does), then answers. Prints its URL on the first line of stdout.
 */
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request, srv) {
    if (new URL(request.url).pathname === "/publish") {
      srv.publish("everyone", await request.text());
      return new Response(null, { status: 204 });
    }
    return srv.upgrade(request) ? undefined : new Response("not a socket", { status: 400 });
  },
  websocket: {
    open(ws) {
      ws.subscribe("everyone");
      ws.send('{"type":"hello","signedIn":false}');
    },
    message() {},
  },
});
console.log(`http://127.0.0.1:${server.port}`);
