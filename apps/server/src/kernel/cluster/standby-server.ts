/**
 * What a standby engine (ROLE=engine without the lease) answers on its port
 * while it waits: /health says standby (503, so a load balancer sends it
 * nothing), /metrics says it is not the writer.
 */
import { createServer } from 'node:http';

export async function standbyServer(
  port: number,
  host: string,
): Promise<{ close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url === '/metrics') {
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      response.end(
        '# HELP quay_cluster This process\'s part among several\n# TYPE quay_cluster gauge\nquay_cluster{what="role_engine"} 1\nquay_cluster{what="standby"} 1\n',
      );
      return;
    }
    response.writeHead(request.url === '/health' ? 503 : 404, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify({ status: 'standby', db: 'ok' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
