import { Component, type ReactNode } from 'react';
import i18n from '../../lib/i18n';

/** The error screen: something broke while rendering; a refresh is the way out. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-bold">{i18n.t('errorScreen.title')}</h1>
        <p className="text-stone-700">{i18n.t('errorScreen.body')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          {i18n.t('errorScreen.refresh')}
        </button>
      </div>
    );
  }
}
