/*
 * A front server for comparing two builds of packages/app in one run, over
 * one backend: it serves the static files and the index page of the build
 * chosen with `use(distDir)`, and passes everything else (/api, the
 * signals WebSocket, /.backstage) to the backend. The index page carries
 * the backend's runtime config (the <script type="backstage.io/config">
 * block the app backend injects), so both builds run with the same config.
 */
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const zlib = require('node:zlib');

const CONFIG_BLOCK = /<script type="backstage.io\/config">[\s\S]*?<\/script>/;
const TYPES = { '.js': 'application/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.map': 'application/json', '.txt': 'text/plain' };

/** @param {{ port: number }} options the port the browser uses */
async function startAppFront({ port }) {
  let backend; // { host, port }
  let dist;
  let configBlock;
  const keepAlive = new http.Agent({ keepAlive: true });
  const gzipped = new Map();

  const pass = (req, res) => {
    if (!backend) {
      res.writeHead(503).end('backend not started yet');
      return;
    }
    const upstream = http.request(
      { host: backend.host, port: backend.port, method: req.method, path: req.url, headers: req.headers, agent: keepAlive },
      up => {
        res.writeHead(up.statusCode, up.headers);
        up.pipe(res);
      },
    );
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', error => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`app front: ${error.message}`);
    });
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(req.url.split('?')[0]);
    if (!dist || pathname.startsWith('/api/') || pathname.startsWith('/.backstage/')) {
      pass(req, res);
      return;
    }
    const file = path.join(dist, path.normalize(pathname));
    if (file.startsWith(dist) && pathname !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = pathname.startsWith('/static/');
      const headers = {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-store',
      };
      // gzip as the backend's compression does (compressed once per file)
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && /\.(js|css|json|svg|map)$/.test(file)) {
        if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file)));
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
        res.end(gzipped.get(file));
        return;
      }
      res.writeHead(200, headers);
      fs.createReadStream(file).pipe(res);
      return;
    }
    // every other path is a route of the app: its index page
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const page = CONFIG_BLOCK.test(html) ? html.replace(CONFIG_BLOCK, () => configBlock) : html.replace('</head>', `${configBlock}</head>`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page);
  });
  // the signals WebSocket (and any other upgrade) goes to the backend as is
  server.on('upgrade', (req, socket, head) => {
    if (!backend) {
      socket.destroy();
      return;
    }
    const upstream = net.connect(backend.port, backend.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    /** Passes requests to the backend, and takes its runtime config for the index pages. */
    async attach(backendUrl) {
      const url = new URL(backendUrl);
      backend = { host: '127.0.0.1', port: Number(url.port) };
      const html = await (await fetch(`${backendUrl}/`)).text();
      const block = CONFIG_BLOCK.exec(html);
      if (!block) throw new Error(`the backend's index page at ${backendUrl}/ carries no backstage.io/config block`);
      configBlock = block[0];
    },
    /** Serves this build (a packages/app dist directory) from now on. */
    use(distDir) {
      if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir} holds no built app (index.html)`);
      dist = path.resolve(distDir);
    },
    close: () =>
      new Promise(resolve => {
        keepAlive.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startAppFront };
