import { configure } from '@testing-library/react';
import './lib/i18n';

// CI runs every suite at once on two cores: a lazy import or a render can take seconds there.
// Waiting longer changes no outcome, it only stops a slow machine from failing a right answer.
configure({ asyncUtilTimeout: 5_000 });
