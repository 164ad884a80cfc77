/**
 * The campaigns module's face: the queue's one pass, for an operator's script, the crash test and
 * the benchmark (the server's own loop runs when there is work: runner.ts), the loop's wake and
 * its armed wait for the tests, and the webhook's signer.
 */
export { drainQueue, queueWait, SAFETY_MS, wakeQueue } from './runner';
export { signBody } from './webhook';
export { webhookSecret } from './tokens';
// The demo seed (server/seed/campaign-demo.ts) makes and schedules campaigns as an owner would.
export { createCampaign, scheduleCampaign } from './campaign-service';
// The templates module refuses to delete a template a campaign still has to send with.
export { campaignAwaitingTemplate } from './campaign-service';
