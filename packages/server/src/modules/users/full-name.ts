/** A person's name as others see it: their full name, or their address when they gave none. */
export function fullName(user: {
  first_name: string | null;
  last_name: string | null;
  email: string;
}): string {
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email;
}
