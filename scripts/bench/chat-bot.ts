/**
 * `npm run bench:chat-bot`: the live chat's offline answer (server/modules/chat/bot.ts) over a
 * helpdesk of 200 entries, 2,000 visitor messages (answerable ones, paraphrases and off-topic
 * ones), timed one by one. Prints one JSON line: p50 and p99 in ms and the share answered.
 * The ranking only: a bot turn adds two reads (the bot's settings and the helpdesk) and one write.
 */
import { performance } from 'node:perf_hooks';
import { answerFromHelpdesk, type HelpdeskDoc } from '../../server/modules/chat';

const TOPICS = [
  'parking',
  'opening hours',
  'refund',
  'reservation',
  'dress code',
  'birthday party',
  'gift card',
  'wheelchair access',
  'live music',
  'private room',
  'menu',
  'allergies',
  'pets',
  'age limit',
  'coat check',
  'wifi',
  'payment methods',
  'group discount',
  'cancellation',
  'late arrival',
];
const ASPECTS = ['cost', 'rules', 'booking', 'times', 'location', 'change', 'limit', 'help', 'policy', 'options'];

const docs: HelpdeskDoc[] = TOPICS.flatMap((topic, t) =>
  ASPECTS.map((aspect, a) => ({
    id: `${t}-${a}`,
    question: `What is your ${topic} ${aspect}?`,
    answer: `Our ${topic} ${aspect}: see the front desk, entry ${t * 10 + a}, open every evening from 8 PM.`,
  })),
);
const messages = Array.from({ length: 2000 }, (_, i) => {
  const topic = TOPICS[i % TOPICS.length]!;
  const aspect = ASPECTS[(i * 7) % ASPECTS.length]!;
  return i % 3 === 0
    ? `Can you tell me about the ${topic} ${aspect} please?`
    : i % 3 === 1
      ? `hi, how does ${aspect} work for ${topic}`
      : `Do you sell concert tickets for the ${i}th of next month?`;
});

const times: number[] = [];
let answered = 0;
for (const message of messages) {
  const started = performance.now();
  if (answerFromHelpdesk(docs, message).kind === 'answer') answered++;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => Number(times[Math.floor(q * (times.length - 1))]!.toFixed(3));
console.log(
  JSON.stringify({
    entries: docs.length,
    messages: messages.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    answered: answered / messages.length,
  }),
);
