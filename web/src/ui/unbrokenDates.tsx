/** A narrow screen must not break a date at its hyphens ("2027-01-" / "08입니다"): each date stays on one line. */
export function withUnbrokenDates(text: string) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
