// The widget without its bundled workers or inline styles, so it runs under the strict CSP;
// the SHA worker is a separate file that Vite emits.
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/it';
import ShaWorker from 'altcha/workers/sha?worker';

$altcha.algorithms.set('SHA-256', () => new ShaWorker());
