import { TenantAdminError } from "../client/errors";

/** The export cannot start, or cannot write its files: the message names the file or option and the fix. */
export class ExportRefusedError extends TenantAdminError {
  constructor(message: string) {
    super(message);
    this.name = "ExportRefusedError";
  }
}
