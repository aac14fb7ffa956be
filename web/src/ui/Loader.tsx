/** Full-screen loader (spec §2.2), also the fallback while a lazy route loads. */
export function Loader({ label = '불러오는 중입니다…' }: { label?: string }) {
  return (
    <div className="loader-screen" role="status" aria-live="polite">
      <span className="loader-spinner" aria-hidden="true" />
      <span className="loader-label">{label}</span>
    </div>
  );
}
