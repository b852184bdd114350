import { answerPortalStatementCsv } from '@/content/portalDownloads'

/** `/portal/statement.csv?month=YYYY-MM`: the signed-in provider's statement (web/content/portalDownloads.ts). */
export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  return answerPortalStatementCsv(request)
}
