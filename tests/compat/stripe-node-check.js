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
  console.log('stripe-node ' + Stripe.PACKAGE_VERSION + ': 8 passed, 0 failed');
})().catch(e => { console.error('FAILED:', e.message || e); process.exit(1); });
