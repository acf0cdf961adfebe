import { createServer } from 'http';

const port = Number(process.env.PORT ?? 8080);
const service = '${{ values.name }}';

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      service,
      environment: process.env.ENVIRONMENT ?? 'local',
      version: process.env.VERSION ?? 'dev',
    }),
  );
});

server.listen(port, () => {
  console.log(service + ' listening on port ' + port);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
