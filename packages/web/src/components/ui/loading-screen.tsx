export function LoadingScreen({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4"
    >
      <img src="/icon.svg" alt="" width={64} height={64} className="motion-safe:animate-pulse" />
      <p className="text-stone-700">{text}</p>
    </div>
  );
}
