// GitHub's legacy global node ids: base64 of "0<length of type name>:<TypeName><id>",
// e.g. User 1 -> "04:User1" -> "MDQ6VXNlcjE=".
export function legacyNodeId(typeName: string, id: number): string {
  return Buffer.from(`0${typeName.length}:${typeName}${id}`, 'utf8').toString('base64');
}
