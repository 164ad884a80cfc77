import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait for what the screen shows, up to a ceiling: testing-library's
 * default ceiling of 1 s failed a test while a client build ran beside it on this two-core
 * machine. The ceiling only guards against a hang; a test still goes on as soon as the screen
 * shows what it waits for.
 */
configure({ asyncUtilTimeout: 10_000 });
