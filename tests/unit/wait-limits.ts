import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait for what the screen shows, up to a ceiling: testing-library's
 * default ceiling of 1 s failed a test while a client build ran beside it on this two-core
 * machine. The ceiling only guards against a hang; a test still goes on as soon as the screen
 * shows what it waits for. A screen's first drawing in a worker is the longest wait: the form
 * builder's first button took 10 s to be found at load 15 (antd's styles made and parsed, each
 * role query matching them), so the ceiling is 30 s, half the tests' limit (vitest.config.ts).
 */
configure({ asyncUtilTimeout: 30_000 });
