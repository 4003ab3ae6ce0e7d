// Stripe's official Node client (stripe-node) against the sandbox provider, unchanged, with its
// base URL pointed at the sandbox (issue: "closely enough that Stripe's own client libraries work").
const Stripe = require('stripe');
const url = new URL(process.argv[2]);
const stripe = new Stripe('sk_test_sandbox', {host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0});
const reader = new Stripe('rk_test_sandbox', {host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0});
(async () => {
  const pi = await fetch(`${url}_sandbox/payment_intents`, {method: 'POST', body: JSON.stringify({amount: 3800, currency: 'usd', metadata: {order_id: '4417'}})}).then(r => r.json());
  const r1 = await stripe.refunds.create({payment_intent: pi.id, amount: 1000, metadata: {operation_id: 'op_1', order_id: '4417'}}, {idempotencyKey: 'k-1'});
  const r2 = await stripe.refunds.create({payment_intent: pi.id, amount: 1000, metadata: {operation_id: 'op_1', order_id: '4417'}}, {idempotencyKey: 'k-1'});
  if (r1.id !== r2.id) throw new Error('replay gave another refund');
  if (r2.lastResponse.headers['idempotent-replayed'] !== 'true') throw new Error('no Idempotent-Replayed header');
  const got = await reader.refunds.retrieve(r1.id);
  if (got.metadata.operation_id !== 'op_1' || got.amount !== 1000) throw new Error('retrieve mismatch');
  const list = [];
  for await (const r of reader.refunds.list({payment_intent: pi.id, limit: 1})) list.push(r.id);
  if (list.length !== 1) throw new Error('list: ' + list.length);
  const found = await reader.paymentIntents.search({query: "metadata['order_id']:'4417'"});
  if (found.data[0].id !== pi.id) throw new Error('search');
  const events = await reader.events.list({type: 'refund.created'});
  if (events.data[0].request.idempotency_key !== 'k-1') throw new Error('event key');
  try { await stripe.refunds.create({payment_intent: pi.id, amount: 999}, {idempotencyKey: 'k-1'}); throw new Error('mismatch accepted'); }
  catch (e) { if (e.type !== 'StripeIdempotencyError') throw e; }
  try { await reader.refunds.create({payment_intent: pi.id, amount: 5}, {idempotencyKey: 'k-2'}); throw new Error('read key wrote'); }
  catch (e) { if (e.statusCode !== 403) throw e; }
  try { await stripe.refunds.create({payment_intent: pi.id, amount: 999999}, {idempotencyKey: 'k-3'}); throw new Error('too large accepted'); }
  catch (e) { if (e.code !== 'amount_too_large') throw e; }
  // Webhooks (R25): a receiver registers itself; every delivery must pass constructEvent.
  const received = [];
  const http = require('http');
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', c => chunks.push(c));
    req.on('end', () => {
      received.push({body: Buffer.concat(chunks), header: req.headers['stripe-signature']});
      res.writeHead(200, {'Content-Type': 'application/json'});
      res.end('{"received":true}');
    });
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  const endpoint = await fetch(`${url}_sandbox/webhook_endpoints`, {method: 'POST', body: JSON.stringify({url: `http://127.0.0.1:${server.address().port}/webhooks`})}).then(r => r.json());
  if (!endpoint.secret || !endpoint.secret.startsWith('whsec_')) throw new Error('no endpoint secret');
  const pi2 = await fetch(`${url}_sandbox/payment_intents`, {method: 'POST', body: JSON.stringify({amount: 2500, currency: 'usd'})}).then(r => r.json());
  const r3 = await stripe.refunds.create({payment_intent: pi2.id, amount: 2500, metadata: {operation_id: 'op_2'}}, {idempotencyKey: 'k-wh'});
  const failed = await fetch(`${url}_sandbox/refunds/${r3.id}/fail`, {method: 'POST', body: JSON.stringify({failure_reason: 'expired_or_canceled_card'})}).then(r => r.json());
  if (failed.status !== 'failed') throw new Error('fail: ' + JSON.stringify(failed));
  const expected = ['refund.created', 'charge.refunded', 'refund.failed', 'refund.updated'];
  for (let i = 0; i < 150 && received.length < expected.length; ++i) await new Promise(r => setTimeout(r, 100));
  const types = [];
  for (const d of received) {
    const event = stripe.webhooks.constructEvent(d.body, d.header, endpoint.secret); // throws when invalid
    types.push(event.type);
    if (event.data.object.id !== (event.type === 'charge.refunded' ? pi2.latest_charge : r3.id)) throw new Error('object of ' + event.type);
  }
  if (JSON.stringify(types) !== JSON.stringify(expected)) throw new Error('events: ' + types.join(','));
  const failedEvent = JSON.parse(received[2].body.toString());
  if (failedEvent.data.object.failure_reason !== 'expired_or_canceled_card') throw new Error('failure_reason');
  const rejects = (body, header, secret) => {
    try { stripe.webhooks.constructEvent(body, header, secret); return false; }
    catch (e) { if (e.type !== 'StripeSignatureVerificationError') throw e; return true; }
  };
  const tampered = Buffer.from(received[0].body.toString().replace('"amount":2500', '"amount":2501'));
  if (tampered.equals(received[0].body)) throw new Error('tampering changed nothing');
  if (!rejects(tampered, received[0].header, endpoint.secret)) throw new Error('tampered body accepted');
  if (!rejects(received[0].body, received[0].header, 'whsec_wrong')) throw new Error('wrong secret accepted');
  server.close();
  console.log('stripe-node ' + Stripe.PACKAGE_VERSION + ': 11 passed, 0 failed');
})().catch(e => { console.error('FAILED:', e.message || e); process.exit(1); });
