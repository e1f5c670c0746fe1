import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * Shows the server's field errors on the form's fields (`aliases` maps a server path such as
 * `name.first` to the form's field name). Returns true when at least one field got a message.
 */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  aliases: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const byField = new Map<string, string[]>();
  for (const field of error.fields) {
    const name = aliases[field.path] ?? field.path;
    if (!known.has(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), field.message]);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return true;
}
