/*
 * A lean keep-alive HTTP GET for timing calls (node:http, not fetch, so the
 * client adds as little as possible to what is measured).
 */
const http = require('node:http');
const { since } = require('./stats');

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/**
 * GET `url` with headers; resolves { status, body, ms } once the whole body
 * is read. A kept-alive socket the server closed just as it was reused
 * (ECONNRESET on a reused socket, a client-side race) is retried once on a
 * new one, and timed from there.
 */
function timedGet(url, headers = {}, retried = false) {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, res => {
      const chunks = [];
      res.on('data', c => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: since(start) }),
      );
      res.on('error', reject);
    });
    req.on('error', error => {
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') {
        resolve(timedGet(url, headers, true));
      } else reject(error);
    });
  });
}

/** timedGet that must answer 2xx; also parses the body. */
async function timedGetJson(url, headers = {}) {
  const res = await timedGet(url, headers);
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`GET ${url}: ${res.status} ${res.body.slice(0, 300)}`);
  }
  return { ...res, json: JSON.parse(res.body) };
}

module.exports = { timedGet, timedGetJson, keepAliveAgent: agent };
