import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { ko } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { Dialog } from '../../../ui/Dialog';
import { parseDay } from './period';

function toDate(day: string): Date | undefined {
  const iso = parseDay(day);
  if (!iso) return undefined;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date typed as YYYY-MM-DD or picked in a calendar modal (spec §2.5 item 10). */
export function DateField({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const selected = toDate(value);
  return (
    <div className="stat-date-field">
      <label htmlFor={id}>{label}</label>
      <div className="stat-date-input">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="YYYY-MM-DD"
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button-small"
          onClick={() => setOpen(true)}
          aria-label={`${label} 달력 열기`}
        >
          달력
        </button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={`${label} 선택`}>
        {open && (
          <DayPicker
            mode="single"
            locale={ko}
            selected={selected}
            defaultMonth={selected}
            onSelect={(date) => {
              if (date) onChange(toDay(date));
              setOpen(false);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
