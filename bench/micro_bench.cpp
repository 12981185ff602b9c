// Micro-benchmarks of the worker's own steps, without FastCGI or nginx: what
// a cache hit costs per request (content-change check, cache lookup, the
// whole Handler::handle + response head), what a miss costs (render, gzip),
// and what a content swap costs (load the site, render every page).
// bench/run runs it and copies the numbers into bench/RESULTS.md; the
// targets are a homepage render <= 50 us and a swap <= 20 ms.
//
//   vitae_micro_bench [--benchmark_filter=...]   (VITAE_DB, VITAE_TEMPLATES override the inputs)
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "base/read_file.hpp"
#include "fcgi/handler.hpp"
#include "http/base_url.hpp"
#include "http/gzip.hpp"
#include "http/http.hpp"
#include "http/page_cache.hpp"
#include "render/math/markdown_math.hpp"
#include "render/text/highlight.hpp"
#include "render/text/markdown.hpp"
#include "render/views/renderer.hpp"
#include "site/page_inputs.hpp"
#include "site/page_source.hpp"
#include "site/pages.hpp"
#include "site/site.hpp"
#include "store/sql/sql_text.hpp"  // the edit it times writes with SQL of its own
#include "store/sqlite/db.hpp"

namespace {

std::string input(const char* env, const char* fallback) {
    const char* value = std::getenv(env);
    return value != nullptr && *value != '\0' ? value : fallback;
}

// One loaded site for every benchmark, like a worker after start-up.
struct World {
    vitae::SiteSource source{input("VITAE_DB", VITAE_BENCH_DB), input("VITAE_TEMPLATES", VITAE_BENCH_TEMPLATES)};
    vitae::PageCache cache{16 * 1024 * 1024, 1024};
    // As a worker has it: the one site (--db) of a site set, a slot per benchmark thread.
    vitae::SiteSet set{{.db_path = source.db_path, .base_url = vitae::default_base_url,
                        .templates_dir = source.templates_dir, .threads = 64},
                       cache};
    vitae::LoadedSite& site = *set.loaded().front();
    vitae::SiteHolder& sites = site.holder;
    vitae::PageSource& pages = site.pages;
    vitae::Handler handler{set};

    static World& get() {
        static World world;
        return world;
    }
};

vitae::LayoutFields home_layout(const vitae::Views& v) {
    vitae::LayoutFields layout{v.site_name, v.home_description, "/"};
    layout.site_name = v.site_name;
    return layout;
}

// The homepage's template and layout over its data (made once per version,
// Views::home): what a cache miss of the home page renders.
void render_home(benchmark::State& state) {
    auto site = World::get().sites.current();
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::string page = vitae::render_in_layout(*site->templates, "home", *site->views().home(site->strings()),
                                           home_layout(site->views()), site->strings());
        bytes = page.size();
        benchmark::DoNotOptimize(page);
    }
    state.counters["page_bytes"] = static_cast<double>(bytes);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(render_home)->Unit(benchmark::kMicrosecond);

// The homepage's data from loaded content: made at its first render in each version.
void home_data(benchmark::State& state) {
    auto site = World::get().sites.current();
    for (auto _ : state) {
        auto data = vitae::home_data(site->views(), site->strings());
        benchmark::DoNotOptimize(data);
    }
}
BENCHMARK(home_data)->Unit(benchmark::kMicrosecond);

// gzip of the rendered homepage, done once per page version.
void gzip_page(benchmark::State& state) {
    auto site = World::get().sites.current();
    std::string page = vitae::render_in_layout(*site->templates, "home", *site->views().home(site->strings()),
                                       home_layout(site->views()), site->strings());
    std::size_t out = 0;
    for (auto _ : state) {
        std::string gz = vitae::gzip_compress(page);
        out = gz.size();
        benchmark::DoNotOptimize(gz);
    }
    state.counters["gzip_bytes"] = static_cast<double>(out);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * page.size()));
}
BENCHMARK(gzip_page)->Unit(benchmark::kMicrosecond);

// A hit in the page cache (shard lock shared, hash, shared_ptr copy): 1, 2
// and 8 request threads hitting the same entry. Time is per hit per thread,
// so flat across thread counts means hits scale (on a 2-core box, 8 threads
// also measure what a descheduled lock holder costs the others).
void page_cache_find(benchmark::State& state) {
    // Its own cache and key, so it does not depend on the handler's key scheme;
    // the entry is the rendered homepage, as the handler would store it.
    static vitae::PageCache cache(16 * 1024 * 1024, 1024);
    World& w = World::get();
    auto site = w.sites.current();
    vitae::PageWorkspace workspace(w.pages);
    if (state.thread_index() == 0) cache.insert("/", w.pages.page(*site, vitae::route("/"), workspace).page);
    vitae::PageCache::Reader reader(cache);  // each request thread has its own
    for (auto _ : state) {
        auto page = reader.find("/", site->generation);
        if (!page) state.SkipWithError("page cache miss");
        benchmark::DoNotOptimize(page);
    }
    state.SetItemsProcessed(state.iterations());  // summed over threads: hits per second in all
}
BENCHMARK(page_cache_find)->Unit(benchmark::kNanosecond)->Threads(1)->Threads(2)->Threads(8);

// The per-request content-change check with nothing pending: stat(2) plus
// `PRAGMA data_version` on the thread's own connection, plus the template watch.
void fresh_site_no_change(benchmark::State& state) {
    World& w = World::get();
    vitae::ContentProbe probe(w.source.db_path);
    w.sites.fresh(probe);  // first look: the baseline
    for (auto _ : state) {
        auto site = w.sites.fresh(probe);
        benchmark::DoNotOptimize(site);
    }
}
BENCHMARK(fresh_site_no_change)->Unit(benchmark::kMicrosecond);

// Everything the worker does for a cache hit except FastCGI I/O: parse and
// validate, change check, route, cache lookup, representation, response head.
void handle_cache_hit(benchmark::State& state, const char* accept_encoding) {
    World& w = World::get();
    vitae::ThreadState thread{.index = static_cast<std::size_t>(state.thread_index())};
    vitae::RawRequest raw{.method = "GET", .request_uri = "/", .accept_encoding = accept_encoding, .remote_addr = "127.0.0.1"};
    w.handler.handle(raw, thread);  // baseline probe + fill the cache
    for (auto _ : state) {
        vitae::Response response = w.handler.handle(raw, thread);
        if (!response.cache_hit || response.status != 200) state.SkipWithError("not a 200 cache hit");
        std::string head = vitae::response_head(response);
        benchmark::DoNotOptimize(head);
        benchmark::DoNotOptimize(response.body().data());
    }
}
BENCHMARK_CAPTURE(handle_cache_hit, plain, "")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(handle_cache_hit, gzip, "gzip, deflate, br")->Unit(benchmark::kMicrosecond);

// A content swap, part 1: read the database in one transaction, build the
// views, load and compile the templates.
void load_site(benchmark::State& state) {
    const vitae::SiteSource& source = World::get().source;
    for (auto _ : state) {
        auto site = vitae::load_site(source, 1);
        benchmark::DoNotOptimize(site);
    }
}
BENCHMARK(load_site)->Unit(benchmark::kMillisecond);

// A reload after a commit: read the rows again (the file is the one being
// served, so no quick_check) and compare them with the version served.
void reload_content(benchmark::State& state) {
    World& w = World::get();
    auto serving = w.sites.current()->content;
    for (auto _ : state) {
        auto loaded = vitae::load_content_version(w.source.db_path, serving);
        benchmark::DoNotOptimize(loaded);
    }
}
BENCHMARK(reload_content)->Unit(benchmark::kMillisecond);

// One paper's title edited, then what the first request after the commit
// does before rendering: see the change, read what changed (the change log
// names one row), compare the versions' page inputs, install the new one.
// On a copy of the database, which it writes.
void edit_then_reload(benchmark::State& state) {
    World& w = World::get();
    auto dir = std::filesystem::temp_directory_path() / ("vitae-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto copy = (dir / "site.db").string();
    std::filesystem::copy_file(w.source.db_path, copy, std::filesystem::copy_options::overwrite_existing);
    {
        auto writer = vitae::Db::open(copy, vitae::OpenMode::read_write);
        vitae::SiteHolder sites{{copy, w.source.templates_dir}};
        vitae::ContentProbe probe(copy);
        sites.fresh(probe);
        int n = 0;
        for (auto _ : state) {
            state.PauseTiming();
            auto edit = writer.prepare("UPDATE publication SET title = ? WHERE id = (SELECT min(id) FROM publication)");
            edit.bind(1, "Edited " + std::to_string(n++));
            edit.step();
            state.ResumeTiming();
            auto site = sites.fresh(probe);
            benchmark::DoNotOptimize(site);
        }
    }
    std::filesystem::remove_all(dir);
}
BENCHMARK(edit_then_reload)->Unit(benchmark::kMillisecond);

// Which pages a new version changed: its inputs compared with the last one's.
void compare_versions(benchmark::State& state) {
    World& w = World::get();
    auto before = w.sites.current();
    auto after = vitae::load_site(w.source, before->generation + 1);
    for (auto _ : state) {
        auto stamps = vitae::next_stamps(*before, *after);
        benchmark::DoNotOptimize(stamps);
    }
}
BENCHMARK(compare_versions)->Unit(benchmark::kMillisecond);

// A content swap, part 2: render (and gzip, ETag) every page the publisher
// writes, with a disabled cache so each one is rendered.
void render_all_pages(benchmark::State& state) {
    World& w = World::get();
    auto site = w.sites.current();
    vitae::PageCache no_cache(0, 1);
    vitae::PageSource pages(no_cache, vitae::default_base_url);
    auto paths = vitae::site_paths(*site);
    paths.push_back("/404.html");
    vitae::PageWorkspace workspace(pages);
    for (auto _ : state) {
        for (const auto& path : paths) {
            auto page = pages.page(*site, vitae::route(path), workspace).page;
            benchmark::DoNotOptimize(page);
        }
    }
    state.counters["pages"] = static_cast<double>(paths.size());
}
BENCHMARK(render_all_pages)->Unit(benchmark::kMillisecond);

// A post of 200 formulas (as an ML post writes them: inline symbols, display
// sums, aligned derivations, cases, matrices, a macro defined once) through
// Markdown and math: what a cache miss of such a post costs.
std::string math_post() {
    static constexpr const char* formulas[] = {
        "$\\mathbf{x}_i \\in \\R^d$",
        "$$\\softmax(\\mathbf{z})_i = \\frac{\\exp(z_i)}{\\sum_{j=1}^{K} \\exp(z_j)}$$",
        "$\\phi(Q)(\\phi(K)^\\top V)$",
        "$$\\begin{aligned} \\mathcal{L}(\\theta) &= -\\mathbb{E}_{x \\sim p}\\left[\\log q_\\theta(x)\\right] \\\\ "
        "&\\approx -\\frac{1}{N} \\sum_{n=1}^N \\log q_\\theta(x_n) \\end{aligned}$$",
        "$$f(x) = \\begin{cases} x & \\text{if } x > 0 \\\\ \\alpha (e^x - 1) & \\text{otherwise} \\end{cases}$$",
        "$$W = \\begin{pmatrix} w_{11} & w_{12} \\\\ w_{21} & w_{22} \\end{pmatrix}$$",
        "$\\nabla_\\theta J(\\theta) = \\mathbb{E}_{\\pi}[Q(s,a) \\nabla_\\theta \\ln \\pi_\\theta(a \\mid s)]$",
        "$$\\begin{equation} \\operatorname{Attention}(Q, K, V) = \\softmax\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)V "
        "\\end{equation}$$",
    };
    std::string post = "$\\newcommand{\\R}{\\mathbb{R}}\\DeclareMathOperator{\\softmax}{softmax}$\n\n";
    for (int i = 0; i < 200; ++i) {
        post += "Some text around formula " + std::to_string(i) + ": ";
        post += formulas[i % std::size(formulas)];
        post += i % 3 == 2 ? "\n\n" : " and more text.\n";
    }
    return post;
}

// A post's Markdown (math included) to HTML, as its page's first render does.
void render_markdown(benchmark::State& state, const std::string& post) {
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::string html = vitae::markdown_with_math_to_html(post);
        bytes = html.size();
        benchmark::DoNotOptimize(html);
    }
    state.counters["html_bytes"] = static_cast<double>(bytes);
}

void render_math_post(benchmark::State& state) {
    const std::string post = math_post();
    if (!vitae::markdown_math_problems(post).empty()) state.SkipWithError("a formula shows as source");
    render_markdown(state, post);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 200));  // formulas per second
}
BENCHMARK(render_math_post)->Unit(benchmark::kMicrosecond);

// Issue #12's test post (tests/fixtures/posts/linear-attention.md: 20-odd
// formulas, an aligned derivation, a highlighted PyTorch snippet, a table,
// footnotes) from Markdown to HTML: what its page's first render costs on
// top of the layout; after that the page cache serves the bytes. The
// highlighter keeps the code block across iterations, as it does across
// content versions; its first highlight is in markdown_post_20_blocks/fresh.
void render_test_post(benchmark::State& state) {
    std::string post;
    try {
        post = vitae::read_whole_file(VITAE_BENCH_TEST_POST);
    } catch (const vitae::Error& e) {
        state.SkipWithError(e.what());
    }
    render_markdown(state, post);
}
BENCHMARK(render_test_post)->Unit(benchmark::kMicrosecond);

// Fenced code in a post (core/render/text/highlight), highlighted when the post's
// page renders, once per content version. A 40-line Python block with the
// definition loaded; 1, 2 and 8 threads at once, which queue on the
// library's one mutex (time per block per thread).
std::string python_block() {
    const char* lines[] = {
        "import math  # the standard library\n",
        "\n",
        "def attention(q, k, v, scale=None):\n",
        "    \"\"\"Softmax attention over rows of k and v.\"\"\"\n",
        "    scale = scale or 1.0 / math.sqrt(len(q))\n",
        "    scores = [sum(a * b for a, b in zip(q, row)) * scale for row in k]\n",
        "    top = max(scores)\n",
        "    weights = [math.exp(s - top) for s in scores]\n",
        "    total = sum(weights)\n",
        "    return [sum(w * x[i] for w, x in zip(weights, v)) / total for i in range(len(v[0]))]\n",
    };
    std::string code;
    for (int i = 0; i < 4; ++i)
        for (const char* line : lines) code += line;
    return code;
}

// Never the same twice in a process (runs and repetitions included): code
// that misses the highlighter's cache.
std::string unseen() {
    static std::atomic<std::uint64_t> next{0};
    return std::to_string(next++);
}

// Each iteration's block differs in its last line (a cache miss): what a
// new or edited block costs. A block seen before is a lookup in the cache.
void highlight_python_block(benchmark::State& state) {
    static const std::string code = python_block();
    const auto& highlighter = vitae::CodeHighlighter::shared();
    for (auto _ : state) {
        auto html = highlighter.block_html(code + "# run " + unseen() + "\n", "python");
        if (!html) state.SkipWithError("not highlighted");
        benchmark::DoNotOptimize(html);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * code.size()));
}
BENCHMARK(highlight_python_block)->Unit(benchmark::kMicrosecond)->Threads(1)->Threads(2)->Threads(8);

void highlight_python_block_seen(benchmark::State& state) {
    static const std::string code = python_block();
    const auto& highlighter = vitae::CodeHighlighter::shared();
    for (auto _ : state) {
        auto html = highlighter.block_html(code, "python");
        if (!html) state.SkipWithError("not highlighted");
        benchmark::DoNotOptimize(html);
    }
}
BENCHMARK(highlight_python_block_seen)->Unit(benchmark::kMicrosecond)->Threads(1)->Threads(8);

// The first block of a language after start-up: its definition file parsed.
void highlight_first_python_block(benchmark::State& state) {
    static const std::string code = python_block();
    const std::string dir = vitae::CodeHighlighter::default_data_dir();
    for (auto _ : state) {
        vitae::CodeHighlighter fresh(dir);
        auto html = fresh.block_html(code, "python");
        benchmark::DoNotOptimize(html);
    }
}
BENCHMARK(highlight_first_python_block)->Unit(benchmark::kMicrosecond);

// A post with 20 such blocks (Python, C++, shell, JSON, YAML in turn) and
// some prose, Markdown to HTML: every block new (a comment in each names the
// iteration and the block; the four JSON ones, which cannot, are one):
// the first render of a post, every block seen before
// (a content swap that left them alone), and the fences' languages removed
// (cmark's plain blocks) as the baseline.
enum class Blocks { fresh, seen, plain };
void markdown_post_20_blocks(benchmark::State& state, Blocks blocks) {
    const char* languages[] = {"python", "cpp", "bash", "json", "yaml"};
    const char* bodies[] = {
        nullptr,
        "#include <vector>\nint main() { std::vector<int> v{1, 2}; return v[0] < 2 ? 0 : 1; }\n",
        "for f in *.tex; do latexmk -pdf \"$f\" > /dev/null 2>&1 || echo \"failed: $f\"; done\n",
        "{\"model\": \"linear\", \"layers\": 12, \"dropout\": 0.1, \"tags\": [\"a\", \"b\"]}\n",
        "model:  # the run\n  name: \"linear\"\n  layers: 12\n",
    };
    const char* comments[] = {"# run ", "// run ", "# run ", "", "# run "};
    static const std::string python = python_block();
    auto post = [&](const std::string& run) {
        std::string md;
        for (int i = 0; i < 20; ++i) {
            md += "Some prose about the next listing, with *emphasis* and a [link](https://example.org).\n\n";
            md += std::string("```") + (blocks == Blocks::plain ? "" : languages[i % 5]) + "\n";
            md += bodies[i % 5] == nullptr ? python : bodies[i % 5];
            if (*comments[i % 5] != '\0') md += comments[i % 5] + run + "." + std::to_string(i) + "\n";
            md += "```\n\n";
        }
        return md;
    };
    std::size_t bytes = 0;
    for (auto _ : state) {
        state.PauseTiming();
        std::string md = post(blocks == Blocks::fresh ? unseen() : "0");
        bytes = md.size();
        state.ResumeTiming();
        std::string html = vitae::markdown_to_html(md);
        benchmark::DoNotOptimize(html);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK_CAPTURE(markdown_post_20_blocks, fresh, Blocks::fresh)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(markdown_post_20_blocks, seen, Blocks::seen)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(markdown_post_20_blocks, plain, Blocks::plain)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
