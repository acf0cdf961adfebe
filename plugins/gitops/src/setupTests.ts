import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Tests wait for states (findBy*, waitFor), never for luck: on a busy
// 2-core machine running suites in parallel, a lazily loaded drawer can
// take longer than testing-library's default second to show. A state that
// never comes still fails, after this long.
configure({ asyncUtilTimeout: 10_000 });
