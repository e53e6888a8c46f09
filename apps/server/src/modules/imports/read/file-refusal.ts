/** A file-level refusal: `message` is one of the contract's IMPORT_* messages (docs/decisions/258). */
export class FileRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileRefusal';
  }
}
