/** Who is asking: every model function is scoped by it. */
export interface Ctx {
  userId: string;
  agencyId: string;
}
