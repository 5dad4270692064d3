export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export function initials(user: Pick<ShellUser, "firstName" | "lastName">): string {
  return `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase();
}
