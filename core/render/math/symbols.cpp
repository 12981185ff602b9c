#include "render/math/symbols.hpp"

#include <utility>

#include "base/text.hpp"

namespace vitae::math {

namespace {

struct Alphabet {
    Variant variant;
    char32_t upper, lower, digit;  // 0: characters of that kind stay as they are
};
constexpr Alphabet alphabets[] = {
    {Variant::bold, 0x1D400, 0x1D41A, 0x1D7CE},        {Variant::italic, 0x1D434, 0x1D44E, 0},
    {Variant::bold_italic, 0x1D468, 0x1D482, 0x1D7CE}, {Variant::script, 0x1D49C, 0x1D4B6, 0},
    {Variant::fraktur, 0x1D504, 0x1D51E, 0},           {Variant::double_struck, 0x1D538, 0x1D552, 0x1D7D8},
    {Variant::sans_serif, 0x1D5A0, 0x1D5BA, 0x1D7E2},  {Variant::monospace, 0x1D670, 0x1D68A, 0x1D7F6}};

// The letters those alphabets leave out, because Unicode had them before.
constexpr std::pair<std::pair<Variant, char>, char32_t> holes[] = {
    {{Variant::italic, 'h'}, 0x210E},        {{Variant::script, 'B'}, 0x212C},        {{Variant::script, 'E'}, 0x2130},
    {{Variant::script, 'F'}, 0x2131},        {{Variant::script, 'H'}, 0x210B},        {{Variant::script, 'I'}, 0x2110},
    {{Variant::script, 'L'}, 0x2112},        {{Variant::script, 'M'}, 0x2133},        {{Variant::script, 'R'}, 0x211B},
    {{Variant::script, 'e'}, 0x212F},        {{Variant::script, 'g'}, 0x210A},        {{Variant::script, 'o'}, 0x2134},
    {{Variant::fraktur, 'C'}, 0x212D},       {{Variant::fraktur, 'H'}, 0x210C},       {{Variant::fraktur, 'I'}, 0x2111},
    {{Variant::fraktur, 'R'}, 0x211C},       {{Variant::fraktur, 'Z'}, 0x2128},       {{Variant::double_struck, 'C'}, 0x2102},
    {{Variant::double_struck, 'H'}, 0x210D}, {{Variant::double_struck, 'N'}, 0x2115}, {{Variant::double_struck, 'P'}, 0x2119},
    {{Variant::double_struck, 'Q'}, 0x211A}, {{Variant::double_struck, 'R'}, 0x211D}, {{Variant::double_struck, 'Z'}, 0x2124}};

using K = SymbolKind;

// Greek (lower case italic, as TeX sets it; upper case upright), letters
// and symbols, binary operators, relations, arrows, delimiters, n-ary operators.
constexpr Symbol symbols[] = {
    {"alpha", K::ordinary, "α"}, {"beta", K::ordinary, "β"}, {"gamma", K::ordinary, "γ"}, {"delta", K::ordinary, "δ"},
    {"epsilon", K::ordinary, "ϵ"}, {"varepsilon", K::ordinary, "ε"}, {"zeta", K::ordinary, "ζ"}, {"eta", K::ordinary, "η"},
    {"theta", K::ordinary, "θ"}, {"vartheta", K::ordinary, "ϑ"}, {"iota", K::ordinary, "ι"}, {"kappa", K::ordinary, "κ"},
    {"varkappa", K::ordinary, "ϰ"}, {"lambda", K::ordinary, "λ"}, {"mu", K::ordinary, "μ"}, {"nu", K::ordinary, "ν"},
    {"xi", K::ordinary, "ξ"}, {"omicron", K::ordinary, "ο"}, {"pi", K::ordinary, "π"}, {"varpi", K::ordinary, "ϖ"},
    {"rho", K::ordinary, "ρ"}, {"varrho", K::ordinary, "ϱ"}, {"sigma", K::ordinary, "σ"}, {"varsigma", K::ordinary, "ς"},
    {"tau", K::ordinary, "τ"}, {"upsilon", K::ordinary, "υ"}, {"phi", K::ordinary, "ϕ"}, {"varphi", K::ordinary, "φ"},
    {"chi", K::ordinary, "χ"}, {"psi", K::ordinary, "ψ"}, {"omega", K::ordinary, "ω"}, {"digamma", K::ordinary, "ϝ"},
    {"Gamma", K::ordinary, "Γ"}, {"Delta", K::ordinary, "Δ"}, {"Theta", K::ordinary, "Θ"}, {"Lambda", K::ordinary, "Λ"},
    {"Xi", K::ordinary, "Ξ"}, {"Pi", K::ordinary, "Π"}, {"Sigma", K::ordinary, "Σ"}, {"Upsilon", K::ordinary, "Υ"},
    {"Phi", K::ordinary, "Φ"}, {"Psi", K::ordinary, "Ψ"}, {"Omega", K::ordinary, "Ω"},
    {"varGamma", K::ordinary, "𝛤"}, {"varDelta", K::ordinary, "𝛥"}, {"varTheta", K::ordinary, "𝛩"},
    {"varLambda", K::ordinary, "𝛬"}, {"varXi", K::ordinary, "𝛯"}, {"varPi", K::ordinary, "𝛱"},
    {"varSigma", K::ordinary, "𝛴"}, {"varUpsilon", K::ordinary, "𝛶"}, {"varPhi", K::ordinary, "𝛷"},
    {"varPsi", K::ordinary, "𝛹"}, {"varOmega", K::ordinary, "𝛺"},
    {"ell", K::ordinary, "ℓ"}, {"hbar", K::ordinary, "ℏ"}, {"hslash", K::ordinary, "ℏ"}, {"infty", K::ordinary, "∞"},
    {"partial", K::ordinary, "∂"}, {"nabla", K::ordinary, "∇"}, {"emptyset", K::ordinary, "∅"},
    {"varnothing", K::ordinary, "∅"}, {"aleph", K::ordinary, "ℵ"}, {"beth", K::ordinary, "ℶ"}, {"Re", K::ordinary, "ℜ"},
    {"Im", K::ordinary, "ℑ"}, {"wp", K::ordinary, "℘"}, {"prime", K::op, "′"}, {"top", K::ordinary, "⊤"},
    {"bot", K::ordinary, "⊥"}, {"imath", K::ordinary, "ı"}, {"jmath", K::ordinary, "ȷ"}, {"i", K::ordinary, "ı"},
    {"j", K::ordinary, "ȷ"}, {"angle", K::ordinary, "∠"}, {"triangle", K::ordinary, "△"}, {"Box", K::ordinary, "□"},
    {"square", K::ordinary, "□"}, {"blacksquare", K::ordinary, "■"}, {"Diamond", K::ordinary, "◊"},
    {"diamond", K::op, "⋄"}, {"clubsuit", K::ordinary, "♣"}, {"spadesuit", K::ordinary, "♠"},
    {"heartsuit", K::ordinary, "♡"}, {"diamondsuit", K::ordinary, "♢"}, {"checkmark", K::ordinary, "✓"},
    {"sharp", K::ordinary, "♯"}, {"flat", K::ordinary, "♭"}, {"natural", K::ordinary, "♮"}, {"degree", K::ordinary, "°"},
    {"complement", K::ordinary, "∁"}, {"mho", K::ordinary, "℧"}, {"eth", K::ordinary, "ð"}, {"S", K::ordinary, "§"},
    {"P", K::ordinary, "¶"}, {"dag", K::ordinary, "†"}, {"ddag", K::ordinary, "‡"}, {"cdotp", K::op, "⋅"},
    {"dagger", K::op, "†"}, {"ddagger", K::op, "‡"}, {"intercal", K::op, "⊺"}, {"transpose", K::ordinary, "⊺"},
    {"backslash", K::fence, "∖"}, {"colon", K::op, ":"}, {"vdash", K::op, "⊢"}, {"dashv", K::op, "⊣"},
    {"models", K::op, "⊨"}, {"vDash", K::op, "⊨"}, {"Vdash", K::op, "⊩"}, {"therefore", K::op, "∴"},
    {"because", K::op, "∵"}, {"lVert", K::fence, "‖"}, {"rVert", K::fence, "‖"}, {"lvert", K::fence, "|"},
    {"rvert", K::fence, "|"}, {"vert", K::fence, "|"}, {"Vert", K::fence, "‖"}, {"|", K::fence, "‖"},
    {"{", K::fence, "{"}, {"}", K::fence, "}"}, {"lbrace", K::fence, "{"}, {"rbrace", K::fence, "}"},
    {"lbrack", K::fence, "["}, {"rbrack", K::fence, "]"}, {"langle", K::fence, "⟨"}, {"rangle", K::fence, "⟩"},
    {"lceil", K::fence, "⌈"}, {"rceil", K::fence, "⌉"}, {"lfloor", K::fence, "⌊"}, {"rfloor", K::fence, "⌋"},
    {"lgroup", K::fence, "⟮"}, {"rgroup", K::fence, "⟯"}, {"ulcorner", K::fence, "⌜"}, {"urcorner", K::fence, "⌝"},
    {"llcorner", K::fence, "⌞"}, {"lrcorner", K::fence, "⌟"}, {"llbracket", K::fence, "⟦"}, {"rrbracket", K::fence, "⟧"},
    {"uparrow", K::fence, "↑"}, {"downarrow", K::fence, "↓"}, {"updownarrow", K::fence, "↕"},
    {"Uparrow", K::fence, "⇑"}, {"Downarrow", K::fence, "⇓"}, {"Updownarrow", K::fence, "⇕"},
    {"%", K::ordinary, "%"}, {"#", K::ordinary, "#"}, {"&", K::ordinary, "&"}, {"$", K::ordinary, "$"},
    {"_", K::ordinary, "_"}, {"textbackslash", K::ordinary, "\\"}, {"lq", K::op, "‘"}, {"rq", K::op, "’"},
    {"times", K::op, "×"}, {"cdot", K::op, "⋅"}, {"pm", K::op, "±"}, {"mp", K::op, "∓"}, {"div", K::op, "÷"},
    {"ast", K::op, "∗"}, {"star", K::op, "⋆"}, {"circ", K::op, "∘"}, {"bullet", K::op, "∙"},
    {"oplus", K::op, "⊕"}, {"ominus", K::op, "⊖"}, {"otimes", K::op, "⊗"}, {"oslash", K::op, "⊘"},
    {"odot", K::op, "⊙"}, {"bigcirc", K::op, "◯"}, {"wedge", K::op, "∧"}, {"land", K::op, "∧"}, {"vee", K::op, "∨"},
    {"lor", K::op, "∨"}, {"neg", K::op, "¬"}, {"lnot", K::op, "¬"}, {"cap", K::op, "∩"}, {"cup", K::op, "∪"},
    {"sqcap", K::op, "⊓"}, {"sqcup", K::op, "⊔"}, {"uplus", K::op, "⊎"}, {"setminus", K::op, "∖"},
    {"smallsetminus", K::op, "∖"}, {"wr", K::op, "≀"}, {"amalg", K::op, "⨿"}, {"dotplus", K::op, "∔"},
    {"ltimes", K::op, "⋉"}, {"rtimes", K::op, "⋊"}, {"boxplus", K::op, "⊞"}, {"boxtimes", K::op, "⊠"},
    {"boxdot", K::op, "⊡"}, {"boxminus", K::op, "⊟"}, {"triangleleft", K::op, "◃"}, {"triangleright", K::op, "▹"},
    {"bigtriangleup", K::op, "△"}, {"bigtriangledown", K::op, "▽"}, {"centerdot", K::op, "⋅"},
    {"leq", K::op, "≤"}, {"le", K::op, "≤"}, {"geq", K::op, "≥"}, {"ge", K::op, "≥"}, {"leqslant", K::op, "⩽"},
    {"geqslant", K::op, "⩾"}, {"neq", K::op, "≠"}, {"ne", K::op, "≠"}, {"ll", K::op, "≪"}, {"gg", K::op, "≫"},
    {"lll", K::op, "⋘"}, {"ggg", K::op, "⋙"}, {"approx", K::op, "≈"}, {"approxeq", K::op, "≊"}, {"sim", K::op, "∼"},
    {"simeq", K::op, "≃"}, {"cong", K::op, "≅"}, {"equiv", K::op, "≡"}, {"propto", K::op, "∝"},
    {"varpropto", K::op, "∝"}, {"lesssim", K::op, "≲"}, {"gtrsim", K::op, "≳"}, {"prec", K::op, "≺"},
    {"succ", K::op, "≻"}, {"preceq", K::op, "⪯"}, {"succeq", K::op, "⪰"}, {"asymp", K::op, "≍"},
    {"doteq", K::op, "≐"}, {"triangleq", K::op, "≜"}, {"coloneqq", K::op, "≔"}, {"eqqcolon", K::op, "≕"},
    {"coloneq", K::op, "≔"}, {"Coloneqq", K::op, "⩴"}, {"eqcirc", K::op, "≖"}, {"bumpeq", K::op, "≏"},
    {"nleq", K::op, "≰"}, {"ngeq", K::op, "≱"}, {"nless", K::op, "≮"}, {"ngtr", K::op, "≯"}, {"nsim", K::op, "≁"},
    {"ncong", K::op, "≇"}, {"nmid", K::op, "∤"}, {"nparallel", K::op, "∦"}, {"lneq", K::op, "⪇"},
    {"gneq", K::op, "⪈"}, {"lvertneqq", K::op, "≨"}, {"in", K::op, "∈"}, {"isin", K::op, "∈"}, {"notin", K::op, "∉"},
    {"ni", K::op, "∋"}, {"owns", K::op, "∋"}, {"subset", K::op, "⊂"}, {"subseteq", K::op, "⊆"},
    {"subsetneq", K::op, "⊊"}, {"supset", K::op, "⊃"}, {"supseteq", K::op, "⊇"}, {"supsetneq", K::op, "⊋"},
    {"nsubseteq", K::op, "⊈"}, {"nsupseteq", K::op, "⊉"}, {"sqsubset", K::op, "⊏"}, {"sqsupset", K::op, "⊐"},
    {"sqsubseteq", K::op, "⊑"}, {"sqsupseteq", K::op, "⊒"}, {"perp", K::op, "⊥"}, {"parallel", K::op, "∥"},
    {"mid", K::op, "∣"}, {"smile", K::op, "⌣"}, {"frown", K::op, "⌢"}, {"bowtie", K::op, "⋈"}, {"Join", K::op, "⋈"},
    {"forall", K::op, "∀"}, {"exists", K::op, "∃"}, {"nexists", K::op, "∄"}, {"to", K::op, "→"},
    {"rightarrow", K::op, "→"}, {"leftarrow", K::op, "←"}, {"gets", K::op, "←"}, {"leftrightarrow", K::op, "↔"},
    {"Rightarrow", K::op, "⇒"}, {"Leftarrow", K::op, "⇐"}, {"Leftrightarrow", K::op, "⇔"},
    {"longrightarrow", K::op, "⟶"}, {"longleftarrow", K::op, "⟵"}, {"longleftrightarrow", K::op, "⟷"},
    {"Longrightarrow", K::op, "⟹"}, {"Longleftarrow", K::op, "⟸"}, {"Longleftrightarrow", K::op, "⟺"},
    {"implies", K::op, "⟹"}, {"impliedby", K::op, "⟸"}, {"iff", K::op, "⟺"}, {"mapsto", K::op, "↦"},
    {"longmapsto", K::op, "⟼"}, {"hookrightarrow", K::op, "↪"}, {"hookleftarrow", K::op, "↩"},
    {"nearrow", K::op, "↗"}, {"searrow", K::op, "↘"}, {"swarrow", K::op, "↙"}, {"nwarrow", K::op, "↖"},
    {"rightharpoonup", K::op, "⇀"}, {"rightharpoondown", K::op, "⇁"}, {"leftharpoonup", K::op, "↼"},
    {"leftharpoondown", K::op, "↽"}, {"rightleftharpoons", K::op, "⇌"}, {"leftrightharpoons", K::op, "⇋"},
    {"rightrightarrows", K::op, "⇉"}, {"leftleftarrows", K::op, "⇇"}, {"rightleftarrows", K::op, "⇄"},
    {"leftrightarrows", K::op, "⇆"}, {"twoheadrightarrow", K::op, "↠"}, {"twoheadleftarrow", K::op, "↞"},
    {"rightsquigarrow", K::op, "⇝"}, {"leadsto", K::op, "⇝"}, {"circlearrowleft", K::op, "↺"},
    {"circlearrowright", K::op, "↻"}, {"curvearrowleft", K::op, "↶"}, {"curvearrowright", K::op, "↷"},
    {"nrightarrow", K::op, "↛"}, {"nleftarrow", K::op, "↚"}, {"nRightarrow", K::op, "⇏"},
    {"nLeftarrow", K::op, "⇍"}, {"nleftrightarrow", K::op, "↮"}, {"nLeftrightarrow", K::op, "⇎"},
    {"upharpoonright", K::op, "↾"}, {"downharpoonright", K::op, "⇂"}, {"restriction", K::op, "↾"},
    {"ldots", K::op, "…"}, {"cdots", K::op, "⋯"}, {"dots", K::op, "…"}, {"dotsc", K::op, "…"},
    {"dotso", K::op, "…"}, {"dotsb", K::op, "⋯"}, {"dotsm", K::op, "⋯"}, {"dotsi", K::op, "⋯"},
    {"mathellipsis", K::op, "…"}, {"vdots", K::op, "⋮"}, {"ddots", K::op, "⋱"}, {"iddots", K::op, "⋰"},
    {"thickapprox", K::op, "≈"}, {"thicksim", K::op, "∼"}, {"doteqdot", K::op, "≑"}, {"Doteq", K::op, "≑"},
    {"blacktriangleleft", K::op, "◀"}, {"blacktriangleright", K::op, "▶"}, {"ntrianglelefteq", K::op, "⋬"},
    {"ntrianglerighteq", K::op, "⋭"}, {"trianglelefteq", K::op, "⊴"}, {"trianglerighteq", K::op, "⊵"},
    {"vartriangleleft", K::op, "⊲"}, {"vartriangleright", K::op, "⊳"}, {"maltese", K::ordinary, "✠"},
    {"lmoustache", K::fence, "⎰"}, {"rmoustache", K::fence, "⎱"}, {"Bbbk", K::ordinary, "𝕜"},
    {"circledast", K::op, "⊛"}, {"circledcirc", K::op, "⊚"}, {"circleddash", K::op, "⊝"}, {"divideontimes", K::op, "⋇"},
    {"lessgtr", K::op, "≶"}, {"gtrless", K::op, "≷"}, {"leqq", K::op, "≦"}, {"geqq", K::op, "≧"},
    {"lhd", K::op, "⊲"}, {"rhd", K::op, "⊳"}, {"unlhd", K::op, "⊴"}, {"unrhd", K::op, "⊵"},
    {"sum", K::large, "∑"}, {"prod", K::large, "∏"}, {"coprod", K::large, "∐"}, {"bigcup", K::large, "⋃"},
    {"bigcap", K::large, "⋂"}, {"bigoplus", K::large, "⨁"}, {"bigotimes", K::large, "⨂"},
    {"bigodot", K::large, "⨀"}, {"biguplus", K::large, "⨄"}, {"bigsqcup", K::large, "⨆"}, {"bigvee", K::large, "⋁"},
    {"bigwedge", K::large, "⋀"}, {"int", K::integral, "∫"}, {"iint", K::integral, "∬"},
    {"iiint", K::integral, "∭"}, {"iiiint", K::integral, "⨌"}, {"oint", K::integral, "∮"},
    {"oiint", K::integral, "∯"}, {"oiiint", K::integral, "∰"}, {"intop", K::large, "∫"}, {"smallint", K::integral, "∫"},
};

constexpr Function functions[] = {
    {"log", "log", false},   {"ln", "ln", false},     {"lg", "lg", false},         {"exp", "exp", false},
    {"sin", "sin", false},   {"cos", "cos", false},   {"tan", "tan", false},       {"cot", "cot", false},
    {"sec", "sec", false},   {"csc", "csc", false},   {"arcsin", "arcsin", false}, {"arccos", "arccos", false},
    {"arctan", "arctan", false}, {"sinh", "sinh", false}, {"cosh", "cosh", false}, {"tanh", "tanh", false},
    {"coth", "coth", false}, {"arg", "arg", false},   {"deg", "deg", false},       {"dim", "dim", false},
    {"hom", "hom", false},   {"ker", "ker", false},   {"mod", "mod", false},       {"bmod", "mod", false},
    {"tr", "tr", false},     {"Tr", "Tr", false},     {"sgn", "sgn", false},       {"max", "max", true},
    {"min", "min", true},    {"sup", "sup", true},    {"inf", "inf", true},        {"lim", "lim", true},
    {"limsup", "lim sup", true}, {"liminf", "lim inf", true}, {"det", "det", true}, {"gcd", "gcd", true},
    {"Pr", "Pr", true},      {"argmax", "arg max", true}, {"argmin", "arg min", true}, {"injlim", "inj lim", true},
    {"projlim", "proj lim", true},
};

constexpr std::pair<std::string_view, Variant> font_commands[] = {
    {"mathbf", Variant::bold},       {"boldsymbol", Variant::bold_italic}, {"bm", Variant::bold_italic},
    {"pmb", Variant::bold_italic},   {"mathit", Variant::italic},          {"mathbb", Variant::double_struck},
    {"mathcal", Variant::script},    {"mathscr", Variant::script},         {"mathfrak", Variant::fraktur},
    {"mathsf", Variant::sans_serif}, {"mathtt", Variant::monospace},       {"mathrm", Variant::normal},
    {"mathup", Variant::normal},     {"mathnormal", Variant::none},        {"Bbb", Variant::double_struck},
    {"mathbfit", Variant::bold_italic}};

// The old font switches: they apply to the rest of their {group}.
constexpr std::pair<std::string_view, Variant> switches[] = {
    {"rm", Variant::normal}, {"bf", Variant::bold}, {"it", Variant::italic}, {"cal", Variant::script},
    {"sf", Variant::sans_serif}, {"tt", Variant::monospace}, {"mit", Variant::none}, {"frak", Variant::fraktur},
    {"bold", Variant::bold}, {"boldsymbol", Variant::bold_italic}};

constexpr std::pair<std::string_view, Variant> text_commands[] = {
    {"text", Variant::none},  {"textrm", Variant::none},         {"textnormal", Variant::none},
    {"mbox", Variant::none},  {"hbox", Variant::none},           {"textup", Variant::none},
    {"textbf", Variant::bold}, {"textit", Variant::italic},      {"emph", Variant::italic},
    {"textsf", Variant::sans_serif}, {"texttt", Variant::monospace}, {"textmd", Variant::none}};

constexpr Accent accents[] = {
    {"hat", "^", false, false},          {"widehat", "^", false, true},       {"bar", "¯", false, false},
    {"overline", "‾", false, true},      {"tilde", "~", false, false},        {"widetilde", "~", false, true},
    {"vec", "→", false, false},          {"dot", "˙", false, false},          {"ddot", "¨", false, false},
    {"dddot", "⃛", false, false},        {"check", "ˇ", false, false},        {"widecheck", "ˇ", false, true},
    {"breve", "˘", false, false},        {"acute", "´", false, false},        {"grave", "`", false, false},
    {"mathring", "˚", false, false},     {"overrightarrow", "→", false, true}, {"overleftarrow", "←", false, true},
    {"overleftrightarrow", "↔", false, true}, {"overbrace", "⏞", false, true}, {"underbrace", "⏟", true, true},
    {"underline", "‾", true, true},      {"underrightarrow", "→", true, true}, {"underleftarrow", "←", true, true},
    {"utilde", "~", true, true},         {"overgroup", "⏠", false, true},     {"undergroup", "⏡", true, true},
    {"Overrightarrow", "⇒", false, true}};

constexpr std::pair<std::string_view, std::string_view> spaces[] = {
    {",", "0.1667em"}, {"thinspace", "0.1667em"}, {":", "0.2222em"}, {">", "0.2222em"}, {"medspace", "0.2222em"},
    {";", "0.2778em"}, {"thickspace", "0.2778em"}, {"quad", "1em"}, {"qquad", "2em"}, {" ", "0.25em"},
    {"!", "-0.1667em"}, {"negthinspace", "-0.1667em"}, {"negmedspace", "-0.2222em"},
    {"negthickspace", "-0.2778em"}, {"enspace", "0.5em"}, {"nobreakspace", "0.25em"}, {"space", "0.25em"}};

constexpr std::pair<std::string_view, std::string_view> bigs[] = {
    {"big", "1.2em"},    {"bigl", "1.2em"},    {"bigr", "1.2em"},    {"bigm", "1.2em"},
    {"Big", "1.623em"},  {"Bigl", "1.623em"},  {"Bigr", "1.623em"},  {"Bigm", "1.623em"},
    {"bigg", "2.047em"}, {"biggl", "2.047em"}, {"biggr", "2.047em"}, {"biggm", "2.047em"},
    {"Bigg", "2.470em"}, {"Biggl", "2.470em"}, {"Biggr", "2.470em"}, {"Biggm", "2.470em"}};

constexpr std::pair<std::string_view, std::string_view> sizes[] = {
    {"tiny", "0.5em"},   {"scriptsize", "0.7em"}, {"footnotesize", "0.8em"}, {"small", "0.9em"},
    {"normalsize", "1em"}, {"large", "1.2em"},    {"Large", "1.44em"},       {"LARGE", "1.728em"},
    {"huge", "2.074em"}, {"Huge", "2.488em"}};

template <typename T>
std::optional<T> lookup(const auto& table, std::string_view key) {
    for (const auto& [k, v] : table)
        if (k == key) return v;
    return std::nullopt;
}

}  // namespace

std::string styled(char c, Variant variant) {
    std::string out;
    for (const auto& [key, cp] : holes)
        if (key.first == variant && key.second == c) {
            append_utf8(out, cp);
            return out;
        }
    for (const auto& a : alphabets) {
        if (a.variant != variant) continue;
        char32_t cp = 0;
        if (c >= 'A' && c <= 'Z' && a.upper) cp = a.upper + static_cast<char32_t>(c - 'A');
        if (c >= 'a' && c <= 'z' && a.lower) cp = a.lower + static_cast<char32_t>(c - 'a');
        if (c >= '0' && c <= '9' && a.digit) cp = a.digit + static_cast<char32_t>(c - '0');
        if (cp == 0) break;
        append_utf8(out, cp);
        return out;
    }
    return std::string(1, c);
}

const Symbol* find_symbol(std::string_view command) {
    for (const auto& s : symbols)
        if (s.command == command) return &s;
    return nullptr;
}

const Function* find_function(std::string_view command) {
    for (const auto& f : functions)
        if (f.command == command) return &f;
    return nullptr;
}

std::optional<Variant> font_command(std::string_view command) { return lookup<Variant>(font_commands, command); }
std::optional<Variant> font_switch(std::string_view command) { return lookup<Variant>(switches, command); }
std::optional<Variant> text_command(std::string_view command) { return lookup<Variant>(text_commands, command); }

const Accent* find_accent(std::string_view command) {
    for (const auto& a : accents)
        if (a.command == command) return &a;
    return nullptr;
}

std::optional<std::string_view> space_width(std::string_view command) {
    return lookup<std::string_view>(spaces, command);
}
std::optional<std::string_view> font_size(std::string_view command) { return lookup<std::string_view>(sizes, command); }
std::optional<std::string_view> big_size(std::string_view command) { return lookup<std::string_view>(bigs, command); }

bool is_unicode_operator(std::string_view utf8) {
    if (utf8.size() < 2) return false;
    auto b0 = static_cast<unsigned char>(utf8[0]);
    char32_t cp = 0;
    if (b0 >= 0xE0 && b0 < 0xF0 && utf8.size() >= 3)
        cp = (char32_t(b0 & 0x0F) << 12) | (char32_t(utf8[1] & 0x3F) << 6) | char32_t(utf8[2] & 0x3F);
    else if (b0 >= 0xC0 && b0 < 0xE0)
        cp = (char32_t(b0 & 0x1F) << 6) | char32_t(utf8[1] & 0x3F);
    return cp == 0xD7 || cp == 0xF7 || cp == 0xB1 || cp == 0xAC || cp == 0x2026 || cp == 0x22EF ||
           (cp >= 0x2190 && cp <= 0x22FF) || (cp >= 0x27F0 && cp <= 0x27FF) || (cp >= 0x2A00 && cp <= 0x2AFF) ||
           (cp >= 0x2900 && cp <= 0x297F);
}

}  // namespace vitae::math
