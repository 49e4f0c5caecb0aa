// The message a person reads first when a schema refuses an input: the first issue of a safeParse.

export const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;
