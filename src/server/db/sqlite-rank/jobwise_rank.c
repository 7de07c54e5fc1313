/*
** Jobwise's full-text rank for SQLite (decision 0221): an FTS5 auxiliary function, jobwise_bm25(),
** that scores a row exactly as FTS5's own bm25() does, but can be handed the number of rows each
** phrase of the query matches instead of counting them itself. bm25() counts every match of every
** phrase once per statement for its IDF (every row the phrase matches, however few are scored), so
** a search that scores only its newest candidates still paid for every match. The caller keeps those
** counts for a while (search-rank.ts), as search engines keep document frequencies.
**
**   jobwise_bm25(fts_table, K, weight_1 .. weight_K [, hits_1 .. hits_P])
**
** K column weights as bm25() takes them, then either nothing (the counts are made here, as bm25()
** makes them) or exactly one count per phrase of the query, in the query's order. Any other number
** of trailing arguments is an error. Built by scripts/build-sqlite-rank.mjs; loaded by
** connectDatabase() where the build succeeded, and otherwise the search uses bm25() itself.
*/
#include <math.h>
#include <string.h>
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

typedef struct RankData RankData;
struct RankData {
  int nPhrase;
  double avgdl;
  double *aIDF;
  double *aFreq;
};

static int countRow(const Fts5ExtensionApi *pApi, Fts5Context *pFts, void *pUserData){
  (void)pApi; (void)pFts;
  (*(sqlite3_int64*)pUserData)++;
  return SQLITE_OK;
}

/* The IDF of each phrase and the average row length, once per query (as bm25() keeps them). */
static int rankData(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, int nHits, sqlite3_value **apHits, RankData **pp
){
  int rc = SQLITE_OK;
  RankData *p = (RankData*)pApi->xGetAuxdata(pFts, 0);
  if( p==0 ){
    sqlite3_int64 nRow = 0;
    sqlite3_int64 nToken = 0;
    int nPhrase = pApi->xPhraseCount(pFts);
    int i;
    if( nHits!=0 && nHits!=nPhrase ) return SQLITE_MISMATCH;
    p = (RankData*)sqlite3_malloc64(sizeof(RankData) + (sqlite3_int64)nPhrase*2*sizeof(double));
    if( p==0 ) return SQLITE_NOMEM;
    memset(p, 0, sizeof(RankData) + (size_t)nPhrase*2*sizeof(double));
    p->nPhrase = nPhrase;
    p->aIDF = (double*)&p[1];
    p->aFreq = &p->aIDF[nPhrase];
    rc = pApi->xRowCount(pFts, &nRow);
    if( rc==SQLITE_OK ) rc = pApi->xColumnTotalSize(pFts, -1, &nToken);
    if( rc==SQLITE_OK ) p->avgdl = (double)nToken / (double)nRow;
    for(i=0; rc==SQLITE_OK && i<nPhrase; i++){
      sqlite3_int64 nHit = 0;
      if( nHits ){
        nHit = sqlite3_value_int64(apHits[i]);
      }else{
        rc = pApi->xQueryPhrase(pFts, i, (void*)&nHit, countRow);
      }
      if( rc==SQLITE_OK ){
        /* bm25()'s IDF, with its floor for a phrase in more than half of the rows. */
        double idf = log( (nRow - nHit + 0.5) / (nHit + 0.5) );
        if( idf<=0.0 ) idf = 1e-6;
        p->aIDF[i] = idf;
      }
    }
    if( rc!=SQLITE_OK ){
      sqlite3_free(p);
      return rc;
    }
    rc = pApi->xSetAuxdata(pFts, p, sqlite3_free);
    if( rc!=SQLITE_OK ) return rc;
  }
  *pp = p;
  return rc;
}

static void jobwiseBm25(
  const Fts5ExtensionApi *pApi, Fts5Context *pFts, sqlite3_context *pCtx, int nVal, sqlite3_value **apVal
){
  const double k1 = 1.2;
  const double b = 0.75;
  double score = 0.0;
  double D = 0.0;
  int nInst = 0;
  int nWeight;
  int i;
  int rc;
  RankData *p = 0;
  if( nVal<1 || (nWeight = sqlite3_value_int(apVal[0]))<0 || nWeight>nVal-1 ){
    sqlite3_result_error(pCtx, "jobwise_bm25: (table, K, K weights [, one count per phrase])", -1);
    return;
  }
  rc = rankData(pApi, pFts, nVal-1-nWeight, &apVal[1+nWeight], &p);
  if( rc==SQLITE_MISMATCH ){
    sqlite3_result_error(pCtx, "jobwise_bm25: one count per phrase of the query, or none", -1);
    return;
  }
  if( rc==SQLITE_OK ){
    memset(p->aFreq, 0, sizeof(double)*p->nPhrase);
    rc = pApi->xInstCount(pFts, &nInst);
  }
  for(i=0; rc==SQLITE_OK && i<nInst; i++){
    int ip, ic, io;
    rc = pApi->xInst(pFts, i, &ip, &ic, &io);
    if( rc==SQLITE_OK ) p->aFreq[ip] += (nWeight > ic) ? sqlite3_value_double(apVal[1+ic]) : 1.0;
  }
  if( rc==SQLITE_OK ){
    int nTok;
    rc = pApi->xColumnSize(pFts, -1, &nTok);
    D = (double)nTok;
  }
  if( rc!=SQLITE_OK ){
    sqlite3_result_error_code(pCtx, rc);
    return;
  }
  for(i=0; i<p->nPhrase; i++){
    score += p->aIDF[i] * ( (p->aFreq[i] * (k1 + 1.0)) / (p->aFreq[i] + k1 * (1 - b + b * D / p->avgdl)) );
  }
  sqlite3_result_double(pCtx, -1.0 * score);
}

/* The FTS5 API of this connection, as FTS5's documentation asks for it. */
static fts5_api *fts5Api(sqlite3 *db){
  fts5_api *pRet = 0;
  sqlite3_stmt *pStmt = 0;
  if( sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &pStmt, 0)==SQLITE_OK ){
    sqlite3_bind_pointer(pStmt, 1, (void*)&pRet, "fts5_api_ptr", 0);
    sqlite3_step(pStmt);
  }
  sqlite3_finalize(pStmt);
  return pRet;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_jobwiserank_init(sqlite3 *db, char **pzErrMsg, const sqlite3_api_routines *pApi){
  fts5_api *fts;
  SQLITE_EXTENSION_INIT2(pApi);
  fts = fts5Api(db);
  if( fts==0 || fts->iVersion<2 ){
    *pzErrMsg = sqlite3_mprintf("jobwise_rank: this SQLite has no FTS5");
    return SQLITE_ERROR;
  }
  return fts->xCreateFunction(fts, "jobwise_bm25", 0, jobwiseBm25, 0);
}
