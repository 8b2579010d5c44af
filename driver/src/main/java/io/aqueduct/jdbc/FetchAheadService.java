package io.aqueduct.jdbc;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.RemoteProtobufService;

/**
 * Avatica's protobuf service over HTTP that asks for a result's next frame as soon as a frame
 * arrives, on a thread of the connection, so that the next frame travels and is decoded while the
 * client reads the current one. The request is the one Avatica's client sends next (same statement,
 * the offset after the frame, same row count), answered from the frame fetched ahead.
 *
 * <p>The server sees a statement's requests in the client's order: a statement that executes again,
 * syncs or closes first waits for its fetch under way and drops that frame of its earlier result.
 * Requests of other statements (a cancel's {@code KILL QUERY} among them) do not wait. A failed fetch
 * ahead fails the client's fetch it stood for.
 */
final class FetchAheadService extends RemoteProtobufService {
    /** One thread, ended when idle for a while (a connection that is never closed keeps none). */
    private final ThreadPoolExecutor fetcher =
            new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), runnable -> {
                Thread thread = new Thread(runnable, "aqueduct-fetch-ahead");
                thread.setDaemon(true);
                return thread;
            });
    /** The fetches asked ahead, by statement id, guarded by {@code this}. */
    private final Map<Integer, FetchAhead> ahead = new HashMap<>();

    private record FetchAhead(FetchRequest request, CompletableFuture<Response> response) {
        boolean answers(FetchRequest fetch) {
            return request.connectionId.equals(fetch.connectionId)
                    && request.offset == fetch.offset
                    && request.fetchMaxRowCount == fetch.fetchMaxRowCount;
        }
    }

    FetchAheadService(AvaticaHttpClient client, ProtobufTranslation translation) {
        super(client, translation);
        fetcher.allowCoreThreadTimeOut(true);
    }

    @Override
    public Response _apply(Request request) {
        if (request instanceof FetchRequest fetch) {
            return fetch(fetch);
        }
        if (request instanceof CloseConnectionRequest) {
            synchronized (this) {
                ahead.clear();
                fetcher.shutdown();
            }
        } else {
            awaitFetchAhead(statementOf(request));
        }
        return super._apply(request);
    }

    private Response fetch(FetchRequest fetch) {
        FetchAhead fetched;
        synchronized (this) {
            fetched = ahead.remove(fetch.statementId);
        }
        Response response;
        if (fetched != null && fetched.answers(fetch)) {
            response = join(fetched.response());
        } else {
            if (fetched != null) {
                // Not the request it was asked for (Avatica never does this): keep the server's order.
                join(fetched.response());
            }
            response = super._apply(fetch);
        }
        if (response instanceof FetchResponse answer
                && answer.frame != null
                && !answer.frame.done
                && answer.frame.rows instanceof Collection<?> rows
                // An empty frame: the query has no rows yet, and a fetch ahead would only wait on the server.
                && !rows.isEmpty()
                && !answer.missingStatement
                && !answer.missingResults) {
            fetchAhead(new FetchRequest(
                    fetch.connectionId, fetch.statementId, fetch.offset + rows.size(), fetch.fetchMaxRowCount));
        }
        return response;
    }

    private synchronized void fetchAhead(FetchRequest next) {
        if (fetcher.isShutdown()) {
            return;
        }
        ahead.put(
                next.statementId,
                new FetchAhead(next, CompletableFuture.supplyAsync(() -> super._apply(next), fetcher)));
    }

    /**
     * Drops the frame fetched ahead for {@code statement}, whose earlier result the next request ends,
     * once its fetch was answered, so that the request reaches the server after it.
     */
    private void awaitFetchAhead(Integer statement) {
        if (statement == null) {
            return;
        }
        FetchAhead fetched;
        synchronized (this) {
            fetched = ahead.remove(statement);
        }
        if (fetched != null) {
            fetched.response().exceptionally(failure -> null).join();
        }
    }

    /** The statement whose result {@code request} ends or replaces; null for requests that end none. */
    private static Integer statementOf(Request request) {
        if (request instanceof PrepareAndExecuteRequest execute) {
            return execute.statementId;
        }
        if (request instanceof ExecuteRequest execute) {
            return execute.statementHandle.id;
        }
        if (request instanceof CloseStatementRequest close) {
            return close.statementId;
        }
        if (request instanceof SyncResultsRequest sync) {
            return sync.statementId;
        }
        if (request instanceof PrepareAndExecuteBatchRequest batch) {
            return batch.statementId;
        }
        if (request instanceof ExecuteBatchRequest batch) {
            return batch.statementId;
        }
        return null;
    }

    private static Response join(CompletableFuture<Response> response) {
        try {
            return response.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }
}
