import './lib/i18n';
