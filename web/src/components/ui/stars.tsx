interface StarsProps {
  value: number;
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}

/** Five stars, filled up to the rounded value. */
export function Stars({ value, size = 'sm', label }: StarsProps) {
  const filled = Math.round(value);
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label ?? `${filled} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? 'star star--on' : 'star'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

interface StarInputProps {
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
}

export function StarInput({ value, onChange, disabled }: StarInputProps) {
  return (
    <div className="star-input" role="radiogroup" aria-label="Rating">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          disabled={disabled}
          className={n <= value ? 'star star--on' : 'star'}
          onClick={() => onChange(n)}
        >
          ★
        </button>
      ))}
    </div>
  );
}
