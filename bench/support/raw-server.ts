import { createServer, type Socket } from 'node:net';

/** The floor of the socket-memory bench: a bare `net` server that keeps its idle connections. */
const sockets = new Set<Socket>();
const server = createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => {});
  socket.once('close', () => sockets.delete(socket));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.({ type: 'ready' }));
