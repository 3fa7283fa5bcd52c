import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Now card's frame (issue 13): "Adesso" over the one thing for this member, teal when it asks
 * them to act. The fund's card (features/fund) and a debt's own (features/debts) share it.
 */
export function NowFrame({
  kind,
  acts,
  children,
  frameRef,
}: {
  kind: string;
  acts: boolean;
  children: ReactNode;
  /** The fund's card keeps the focus when its content changes under it (lib/use-keep-focus). */
  frameRef?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  return (
    <section
      ref={frameRef}
      tabIndex={frameRef ? -1 : undefined}
      aria-labelledby="now-title"
      data-testid="now-card"
      data-kind={kind}
      className={`flex flex-col gap-3 rounded-2xl p-5 shadow-sm ring-1 ${
        acts ? 'bg-teal-50 ring-teal-200' : 'bg-white ring-stone-200'
      }`}
    >
      <h2 id="now-title" className="text-sm font-semibold tracking-wide text-teal-900 uppercase">
        {t('now.title')}
      </h2>
      {children}
    </section>
  );
}
