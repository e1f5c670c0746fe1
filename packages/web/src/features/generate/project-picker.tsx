import './project-picker.css';

/** One project the picker offers: its id and the name shown. */
export interface ProjectChoice {
  value: string;
  label: string;
}

/**
 * The project bar's picker: the browser's own select, drawn as the page's other fields (antd's Select
 * brought 20 KB of code to a first look for a list of names). Keyboard, screen reader and phone pickers come
 * with it; choosing a project switches to it at once.
 */
export function ProjectPicker({
  value,
  options,
  onChange,
  disabled = false,
}: {
  value: string;
  options: readonly ProjectChoice[];
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <span className="ll-gen-project-select ll-project-picker">
      <select
        aria-label="Project"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <svg className="ll-project-picker-arrow" viewBox="0 0 1024 1024" aria-hidden="true" focusable="false">
        <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
      </svg>
    </span>
  );
}
