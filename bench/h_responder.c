/* H, the FastCGI ceiling for bench/run: the smallest libfcgi responder that
 * answers every request with one page held in memory. N threads each call
 * FCGX_Accept_r on the shared socket with no accept mutex (FINDINGS.md: a
 * mutex stalls every thread on kept connections), and each response is one
 * FCGX_PutStr of headers + body. Whatever Vitae costs above this is ours;
 * what this costs above static nginx is the FastCGI hop itself.
 *
 *   h_responder SOCKET_PATH PAGE_FILE [THREADS]
 *
 * SIGTERM/SIGINT are blocked in every thread and taken by main in sigwait,
 * which exits the process (libfcgi's own handlers would only set a flag).
 */
#include <fcgiapp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *response;
static int response_len;
static int listen_fd;

static void *serve(void *unused) {
    (void)unused;
    FCGX_Request request;
    if (FCGX_InitRequest(&request, listen_fd, 0) != 0) {
        fprintf(stderr, "h_responder: FCGX_InitRequest failed\n");
        exit(1);
    }
    while (FCGX_Accept_r(&request) == 0) {
        FCGX_PutStr(response, response_len, request.out); /* -1 if nginx went away: ignored */
        FCGX_Finish_r(&request);
    }
    return NULL;
}

static char *read_file(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    char *data = NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        data = malloc((size_t)*size + 1);
        if (data != NULL && fread(data, 1, (size_t)*size, f) != (size_t)*size) {
            free(data);
            data = NULL;
        }
    }
    fclose(f);
    return data;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s SOCKET_PATH PAGE_FILE [THREADS]\n", argv[0]);
        return 2;
    }
    int threads = argc > 3 ? atoi(argv[3]) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;

    long body_len = 0;
    char *body = read_file(argv[2], &body_len);
    if (body == NULL) {
        perror(argv[2]);
        return 1;
    }
    /* The same head Vitae sends for a page, minus the headers that vary. */
    char head[256];
    int head_len = snprintf(head, sizeof head,
                            "Status: 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
                            "Content-Length: %ld\r\n\r\n", body_len);
    response_len = head_len + (int)body_len;
    response = malloc((size_t)response_len);
    if (response == NULL) return 1;
    memcpy(response, head, (size_t)head_len);
    memcpy(response + head_len, body, (size_t)body_len);
    free(body);

    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* inherited by the threads below */
    signal(SIGPIPE, SIG_IGN);

    if (FCGX_Init() != 0) {
        fprintf(stderr, "h_responder: FCGX_Init failed\n");
        return 1;
    }
    listen_fd = FCGX_OpenSocket(argv[1], 1024); /* exits the process if bind fails */
    if (listen_fd < 0 || chmod(argv[1], 0666) != 0) {
        perror(argv[1]);
        return 1;
    }
    for (int i = 0; i < threads; ++i) {
        pthread_t t;
        if (pthread_create(&t, NULL, serve, NULL) != 0) {
            fprintf(stderr, "h_responder: pthread_create failed\n");
            return 1;
        }
        pthread_detach(t);
    }
    fprintf(stderr, "h_responder: %d threads, %d-byte response on %s\n", threads, response_len, argv[1]);
    int signo = 0;
    sigwait(&stop, &signo);
    unlink(argv[1]);
    _exit(0);
}
