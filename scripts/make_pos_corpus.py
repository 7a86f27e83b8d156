#!/usr/bin/env python3
"""
make_pos_corpus.py -- generate Attention Lab's English part-of-speech corpus.

Output: engine/data/pos_en.conllu (CoNLL-U, UTF-8, LF line endings).

Sections:
    1. tokens
    2. lexicon
    verbs
    3. phrase builders
    adjuncts
    4. clauses
    5. general sentence templates
    6. template mini-language (used by the focus frames)
    7. focus frames for ambiguous words
    8. hand-written sentences (minimal pairs, classics, garden paths)
    9. post-processing, coverage, output

WHAT IT IS
    An original, synthetic English corpus tagged with the 17 Universal
    Dependencies UPOS tags.  Nothing is copied from a treebank: every sentence
    comes from the hand-written lexicon and grammar in this file.  The corpus
    trains the tiny in-browser self-attention tagger, so it is deliberately
    rich in words whose tag depends on context ("I saw a saw" =
    PRON VERB DET NOUN; "Time flies like an arrow." vs "Fruit flies like a
    banana.").

HOW IT WORKS
    1. LEXICON.  Nouns are listed in semantic groups (person, animal, thing,
       food, place, vehicle, event, ...); mass groups never pluralise.
       Verbs carry their inflections (regular rules plus an irregular
       table) and "frames" saying what they combine with: intransitive,
       motion, transitive with object groups, ditransitive, that-clause,
       to-infinitive, prepositional object, copula+adjective, "like"+NP.
       Adjectives are grouped by the noun class they may modify.  Words
       marked with "~" are rare (low sampling weight), so some words appear
       only once or twice and the tagger's unknown-word path gets exercised.
    2. PHRASE RULES.  Functions build noun phrases (determiners, possessives,
       adjectives, "of"-phrases, relative clauses), subjects with
       person/number agreement, time/place/direction adjuncts, and verb
       groups (present, past, progressive, perfect, will, modals,
       going-to, do-support, negation with "not"/"n't", questions).
    3. SENTENCE TEMPLATES.  Declaratives, negations, yes/no and wh-questions,
       imperatives, copular and existential ("there is") sentences, clausal
       and infinitival complements, coordination, subordinate clauses,
       fronted adverbials, interjections, passives, comparatives, numbers
       and money, vocatives, a few foreign words (X), and long multi-clause
       sentences (up to ~40 tokens) that stress positional encodings.
    4. FOCUS FRAMES.  For each ambiguous word/reading in AMBIGUOUS (saw
       VERB/NOUN, flies VERB/NOUN, like VERB/ADP, can AUX/NOUN/VERB, ...)
       there is a list of small templates written in a token/TAG notation
       with slots, e.g.  "{S} bought/VERB/buy a/DET new/ADJ saw/NOUN ."
       After a first batch of general sentences, the generator counts how
       many sentences contain each reading and adds focus sentences until
       every reading reaches its target (normally 22 sentences; the number
       after "== word TAG" overrides it).  Most focus sentences are then
       embedded in a longer one (", and ..." / "because ..." / "Oh, ..." /
       vocative) or get a place adjunct, so they are not all short.
    5. HAND-WRITTEN MINIMAL PAIRS ("I saw a saw.", "They can can fish.",
       "Will will watch the watch.", garden-path sentences, ...).
    6. Post-processing: "a"/"an" agreement, sentence-initial capital,
       SpaceAfter=No before punctuation and clitics ("do" + "n't",
       "Anna" + "'s", "$" + "5"), de-duplication by text, a deterministic
       shuffle, ids pos-en-0001 ... and CoNLL-U output.

CONVENTIONS (UD English / EWT style)
    Auxiliaries be/have/do/modals -> AUX (copula "be" is AUX); main-verb
    have/do -> VERB; "to" before a verb -> PART, before a noun -> ADP;
    "not"/"n't" -> PART; possessive "'s" -> PART, contracted "'s" (= is) ->
    AUX; possessive pronouns (my, her, their) -> PRON; articles and
    demonstrative/quantifying determiners -> DET; existential "there" ->
    PRON; relative "that/who/which" -> PRON; complementizer "that" and
    adverbial-clause introducers (because, if, while, when ...) -> SCONJ;
    "when/where/why/how" in questions -> ADV; verb particles ("turn on
    the light") -> ADP; "today/tomorrow/yesterday/tonight" -> NOUN;
    "please" -> INTJ; "$" and "%" -> SYM.  Contractions are split the EWT
    way without multiword-token lines: don't = do + n't, can't = ca + n't,
    won't = wo + n't, cannot = can + not, I'm = I + 'm.
    LEMMA is the lowercase lemma (names keep their capital; "I" stays "I"),
    XPOS/FEATS/HEAD/DEPREL/DEPS are "_", MISC is "_" or "SpaceAfter=No".

REGENERATE
    python3 scripts/make_pos_corpus.py            # writes engine/data/pos_en.conllu
    python3 scripts/make_pos_corpus.py -o FILE    # write elsewhere
    python3 scripts/check_conllu.py engine/data/pos_en.conllu

    The output depends only on this file (SEED, N_SENTENCES and the lexicon
    and templates; Python 3 standard library only, no hash-order dependence),
    so re-running reproduces the file byte for byte.  To change the corpus edit the lexicon / templates and
    re-run; commit the script and the .conllu together.
"""

import argparse
import os
import random
import re
import sys
from collections import Counter

SEED = 20240611
N_SENTENCES = 2100          # distinct sentences in the output
FIRST_GENERAL_BATCH = 850   # general sentences generated before focus top-up
DEFAULT_TARGET = 22         # sentences per ambiguous reading (see FOCUS_SRC)
WRAP_P = 0.65               # chance that a focus sentence is embedded in a longer one

RNG = random.Random(SEED)

# ============================================================================
# 1. tokens
# ============================================================================
# A token is a list [form, upos, lemma, glue]; glue=True means "no space after".

UPOS = ("ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ "
        "SYM VERB X").split()

NOUN_LEMMA = {}   # plural -> singular (filled from the lexicon)
VERB_LEMMA = {}   # inflected -> base  (filled from the lexicon)
ADJ_LEMMA = {}    # comparative/superlative -> base
AUX_LEMMA = {
    "am": "be", "is": "be", "are": "be", "was": "be", "were": "be", "be": "be",
    "been": "be", "being": "be", "'m": "be", "'re": "be", "'s": "be",
    "has": "have", "have": "have", "had": "have", "'ve": "have",
    "do": "do", "does": "do", "did": "do",
    "will": "will", "wo": "will", "'ll": "will", "ca": "can", "can": "can",
}
PRON_LEMMA = {
    "me": "I", "my": "I", "mine": "I", "myself": "I",
    "him": "he", "his": "he", "her": "she", "hers": "she", "its": "it",
    "us": "we", "our": "we", "ours": "we", "them": "they", "their": "they",
    "theirs": "they", "your": "you", "yours": "you",
}


def default_lemma(form, upos):
    low = form.lower()
    if upos == "PROPN":
        if form.endswith("s") and form[:-1] in DAY_NAMES:
            return form[:-1]
        return form
    if form == "I":
        return "I"
    if upos == "NOUN":
        if low in NOUN_LEMMA:
            return NOUN_LEMMA[low]
        return guess_singular(low)
    if upos == "VERB":
        return VERB_LEMMA.get(low, low)
    if upos == "AUX":
        return AUX_LEMMA.get(low, low)
    if upos == "PRON":
        return PRON_LEMMA.get(low, low)
    if upos == "ADJ":
        return ADJ_LEMMA.get(low, low)
    if upos == "DET" and low == "an":
        return "a"
    if upos == "PART" and low == "n't":
        return "not"
    return low


DAY_NAMES = set("Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split())
SINGULAR_S = set("""news physics chess bus gas lens series species glass class grass dress
    boss address cactus canvas business mathematics christmas""".split())


def guess_singular(low):
    """Fallback noun lemmatiser for plurals that are not in the lexicon."""
    if (low in SINGULAR_S or low in SINGULARS or low.endswith("ss") or low.endswith("us")
            or low.endswith("is") or len(low) < 4):
        return low
    if low.endswith("ies"):
        return low[:-3] + "y"
    if re.search(r"(ch|sh|x|ss)es$", low):
        return low[:-2]
    if low.endswith("s"):
        return low[:-1]
    return low


def T(form, upos, lemma=None, glue=False):
    assert upos in UPOS, (form, upos)
    if lemma is None:
        lemma = default_lemma(form, upos)
    return [form, upos, lemma, glue]


def chance(p):
    return RNG.random() < p


def pick(seq):
    return seq[RNG.randrange(len(seq))]


def wpick(pairs):
    """pairs: list of (item, weight)."""
    total = 0.0
    for _, w in pairs:
        total += w
    r = RNG.random() * total
    for item, w in pairs:
        r -= w
        if r <= 0:
            return item
    return pairs[-1][0]


# ============================================================================
# 2. lexicon
# ============================================================================

RARE = set()          # words sampled with low weight ("~" in the lists)
BOOST = set("""saw watch book run set light play park rock fish well round back
fly bear train point face lead duck ring present can water plant cook drink walk
call dance rain match""".split())


def words(spec):
    out = []
    for w in spec.split():
        if w.endswith("~"):
            w = w[:-1]
            RARE.add(w)
        out.append(w)
    return out


def weight(w):
    if w in RARE:
        return 0.25
    if w in BOOST:
        return 3.0
    return 1.0


def wword(lst):
    return wpick([(w, weight(w)) for w in lst])


PLURAL_IRREG = {
    "child": "children", "man": "men", "woman": "women", "mouse": "mice",
    "goose": "geese", "sheep": "sheep", "deer": "deer", "fish": "fish",
    "knife": "knives", "wolf": "wolves", "leaf": "leaves", "shelf": "shelves",
    "scarf": "scarves", "foot": "feet", "person": "people", "tooth": "teeth",
    "fisherman": "fishermen", "potato": "potatoes", "tomato": "tomatoes",
    "mango": "mangoes", "goldfish": "goldfish", "loaf": "loaves",
    "half": "halves", "thief": "thieves",
}


def plural(n):
    if n in PLURAL_IRREG:
        return PLURAL_IRREG[n]
    if re.search(r"(s|x|z|ch|sh)$", n):
        return n + "es"
    if re.search(r"[^aeiou]y$", n):
        return n[:-1] + "ies"
    return n + "s"


# Count-noun groups.
GROUPS = {
    "person": words("""teacher student doctor nurse farmer driver child baby boy girl
        man woman friend neighbor cook pilot singer player coach writer artist baker
        mother father sister brother uncle aunt grandmother grandfather captain guard
        guest waiter stranger kid king queen scientist engineer lawyer tourist worker
        judge dancer painter fisherman officer manager carpenter sailor chef nephew~
        plumber~ librarian~ poet~ mayor~ referee~ shepherd~ jeweler~ astronaut~"""),
    "animal": words("""dog cat bird horse cow sheep fox bear duck fish frog mouse rabbit
        owl wolf bee fly spider snake goat pig lion tiger whale seal bat ant deer
        monkey parrot turtle crow goose hen shark squirrel camel~ hedgehog~ otter~
        moth~ lizard~ pigeon eagle butterfly~ puppy kitten badger~ beetle~"""),
    "pet": words("dog cat rabbit parrot turtle puppy kitten hamster~ goldfish~"),
    "flyer": words("bird plane eagle crow owl bee kite drone bat duck goose parrot pigeon butterfly~ fly"),
    "flyanimal": words("bird eagle crow owl bee bat duck goose parrot pigeon fly"),
    "thing": words("""saw watch ring can box bag key phone cup glass bottle pen pencil
        letter card map ticket hat coat jacket umbrella lamp candle kite ball toy camera
        clock bell rope knife spoon plate bowl basket picture photo present gift blanket
        hammer brush mirror radio laptop guitar drum violin rock stone stick shell
        feather coin wallet button scarf glove belt towel pillow book notebook newspaper
        magazine envelope~ compass~ lantern~ whistle ladder bucket shovel~ needle puzzle
        drone helmet backpack sweater boot shoe sock file jar suitcase tent parcel~
        thimble~ kettle teapot~ set"""),
    "readable": words("book letter newspaper magazine map note card poem report recipe menu story sign list message postcard~"),
    "writable": words("letter story poem song report list message book note postcard~ diary~"),
    "wearable": words("watch ring hat coat jacket scarf glove belt sweater boot shoe sock helmet dress shirt"),
    "tool": words("saw hammer knife rope ladder bucket shovel~ brush needle key drill~ axe~"),
    "instrument": words("guitar piano drum violin flute trumpet~ harp~ cello~"),
    "fruit": words("""apple banana egg orange pear tomato potato carrot onion pie cookie
        sandwich pizza peach lemon grape bean cake plum melon~ mango~ cherry apricot~"""),
    "dish": words("pie cookie sandwich pizza cake egg pancake~ muffin~"),
    "place": words("""park station school library market kitchen garden office shop store
        cafe hospital beach river lake forest hill mountain bridge street road village
        city town farm field museum theater church bank airport harbor island yard room
        hall house barn zoo square corner bakery gym pool playground cinema hotel
        restaurant factory stadium shed attic~ cellar~ studio~ pond"""),
    "place_in": words("""park kitchen garden office shop store cafe library river lake forest
        field village city town yard room hall house barn museum theater pool playground
        cinema hotel restaurant factory stadium shed market square bakery gym attic~ cellar~ studio~"""),
    "place_at": words("""station school library market office shop cafe hospital beach
        airport harbor bank zoo museum theater gym pool cinema hotel restaurant factory
        stadium corner park bakery"""),
    "place_on": words("beach island farm bridge hill street road bus train boat ferry~ roof"),
    "building": words("house school library hospital museum church bank hotel station shop cafe factory theater bakery barn shed"),
    "vehicle": words("car bus train plane boat ship truck bike taxi van tram~ ferry~"),
    "drivable": words("car bus truck van taxi tractor~"),
    "rideable": words("bike horse bus train camel~ scooter~"),
    "parkable": words("car bike van truck bus taxi scooter~"),
    "furniture": words("table desk chair bed shelf sofa bench floor counter step windowsill~"),
    "event": words("""game match race party meeting concert play show class lesson test
        exam trip wedding festival film movie picnic parade~ lecture~"""),
    "watchable": words("game match race show film movie play parade~ concert sunset"),
    "abstract": words("""idea plan question answer problem point choice chance job dream joke
        story song mistake secret rule reason habit~ word name number color price"""),
    "time": words("day week month year morning evening night hour minute weekend"),
    "bookable": words("table room flight ticket trip taxi seat hotel court tour class"),
    "body": words("arm leg hand foot knee back head finger neck shoulder eye ear nose"),
    "song": words("song tune~ lullaby~"),
    "baked": words("cake pie cookie pizza loaf~ muffin~"),
    "boilable": words("egg potato"),
    "fryable": words("egg potato onion"),
    "drawable": words("picture map horse flower house tree bird face"),
    "paintable": words("picture house wall fence door room boat chair"),
    "sendable": words("letter card gift present photo message parcel~ postcard~"),
    "makeable": words("cake plan mistake noise sandwich list kite salad wish~"),
    "buildable": words("house boat bridge shed wall fence nest tower"),
    "fixable": words("roof fence door window bike car radio clock lamp watch"),
    "openable": words("door window box bag book gate jar present letter"),
    "cleanable": words("room kitchen car dish window floor cup plate shirt table"),
    "cuttable": words("cake rope apple onion ribbon~ branch"),
    "tellable": words("story joke secret lie~"),
    "answerable": words("question phone letter door"),
    "hearable": words("noise song bell dog bird car siren~ voice"),
    "listenable": words("radio song teacher story voice"),
    "finishable": words("book meal race exam job puzzle game drawing"),
    "catchable": words("ball bus train fish fly mouse"),
    "throwable": words("ball stone rock stick snowball~"),
    "pushable": words("door cart car box button pram~"),
    "leadable": words("team group tour class band meeting"),
    "trainable": words("dog puppy team horse player"),
    "faceable": words("problem choice test storm question"),
    "settable": words("table alarm timer clock date goal record trap"),
    "lightable": words("candle fire lamp lantern stove match"),
    "rockable": words("baby cradle boat"),
    "ringable": words("bell doorbell"),
    "ringer": words("bell phone alarm doorbell"),
    "presentable": words("report plan result idea project prize award"),
    "waterable": words("plant garden flower tree lawn"),
    "plantable": words("tree seed flower bean tomato potato rose"),
    "climbable": words("hill mountain tree ladder wall"),
    "winnable": words("game match race prize round set cup"),
    "liftable": words("box bag bucket chair suitcase"),
    "countable": words("coin sheep bird star ticket"),
    "container": words("bottle cup bucket glass bag jar bowl basket"),
    "packable": words("bag suitcase box lunch backpack"),
    "rememberable": words("name key ticket umbrella answer birthday password"),
    "payable": words("bill driver rent fine~ waiter"),
    "explainable": words("rule idea problem plan answer joke"),
    "crossable": words("road street river bridge field"),
    "enterable": words("room house shop building hall kitchen"),
    "shareable": words("cake room idea secret sandwich"),
    "peelable": words("apple orange potato banana"),
    "choppable": words("onion carrot"),
    "mendable": words("sock fence net coat"),
    "wrappable": words("present gift parcel~ box"),
    "knittable": words("scarf sweater hat"),
    "polishable": words("shoe mirror car spoon"),
    "diggable": words("hole garden"),
    "sweepable": words("floor yard kitchen path"),
    "rowable": words("boat canoe~"),
    "shakeable": words("bottle tree rug~"),
    "blowable": words("whistle candle"),
    "opener": words("shop store bank museum cafe library bakery pool market"),
    "barker": words("dog puppy"),
    "buzzer": words("bee fly"),
    "shiner": words("sun moon star lamp"),
    "sinker": words("boat ship stone rock"),
    "crawler": words("ant spider baby beetle~"),
    "lander": words("plane bird helicopter~ duck"),
    "grower": words("tree flower plant child"),
    "faller": words("leaf apple rock"),
    "galloper": words("horse"),
    "business": words("shop cafe bakery restaurant hotel farm business"),
    "flyable": words("kite plane drone"),
    "staff": words("team group class"),
    "lightthing": words("bag box jacket coat blanket chair bike laptop camera suitcase boat tent sweater backpack"),
    "roundthing": words("ball table plate clock mirror window stone cake bowl lamp coin button"),
    "cannable": words("peach tomato bean pear plum cherry apricot~"),
    "visitable": words("museum zoo farm park market castle~ island village"),
}
# Mass groups: nouns never pluralised, no "a/an".
MASS_GROUPS = {
    "food_mass": words("bread cheese soup rice honey butter sugar salt meat chicken pasta salad jam fruit cereal~ yogurt~ tofu~ corn"),
    "drink": words("tea coffee milk juice water lemonade~ cocoa~"),
    "sport": words("football tennis chess golf basketball volleyball hockey rugby~ cricket~ badminton~"),
    "subject": words("math history science art music biology chemistry geography~ physics~"),
    "melter": words("snow ice butter chocolate"),
    "homework": words("homework laundry~ shopping"),
}
ALL_GROUPS = dict(GROUPS)
ALL_GROUPS.update(MASS_GROUPS)

# Semantic class of a noun (for adjective choice); first match wins.
CLASS_ORDER = ["person", "animal", "dish", "fruit", "food_mass", "drink", "place",
               "vehicle", "event", "abstract", "time", "body", "furniture"]
NOUN_CLASS = {}
for _c in CLASS_ORDER:
    for _n in ALL_GROUPS[_c]:
        NOUN_CLASS.setdefault(_n, _c)


def noun_class(n):
    return NOUN_CLASS.get(n, "thing")


FEMALE_NOUNS = set("woman girl mother sister aunt queen grandmother".split())
MALE_NOUNS = set("man boy father brother uncle king grandfather nephew fisherman".split())

NAMES_F = words("""Anna Maya Lucy Nina Priya Mei Zara Rosa Hana Lena Aisha Greta Ines
    Ruth Clara Amara Vera Tessa Emma Sofia Chloe Fatima Julia Laila Nora Rita Tara
    Wendy Yara Zoe Ottoline~ Ngozi~ Saoirse~ Wilhelmina~ Isolde~ Perpetua~""")
NAMES_M = words("""Ben Omar Sam Leo Tom Carlos Jonas Eli Kofi Ivan Marco Theo Yusuf
    Felix Dev Oscar Milo Raj Noah Liam Arjun Diego Hugo Kenji Mateo Pablo Sven Umar
    Xavier Bartholomew~ Thaddeus~ Ebenezer~ Cosimo~""")
CITIES = words("""Paris Lima Oslo Cairo Tokyo Berlin Rome Madrid Dublin Nairobi Lisbon
    Seoul Boston Denver Quebec Delhi Athens Vienna Prague Accra Manila Dakar Perth
    Bergen Porto Kyoto Millbrook Ashdale Redfield Larkhaven~ Stonebury~ Reykjavik~""")
CITIES_MULTI = [["New", "York"], ["Hong", "Kong"], ["Cape", "Town"],
                ["San", "Diego"], ["Port", "Elm"], ["Buenos", "Aires"]]
COUNTRIES = words("Spain Peru Kenya Canada Japan Norway Brazil Egypt India Chile Ireland Mexico Ghana Italy Portugal Vietnam~")
LANGUAGES = words("English French Spanish Arabic Japanese German Swahili Portuguese Hindi~ Welsh~")
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
MONTHS = "January February March April May June July August September October November December".split()
NUM_WORDS = "two three four five six seven eight nine ten eleven twelve twenty fifty hundred".split()

ADJ_BY_CLASS = {
    "person": words("""happy sad tired hungry young old tall kind clever funny angry busy shy
        polite proud lazy friendly strong famous careful quiet lucky brave calm
        nervous~ cheerful~ grumpy~ patient~ honest~"""),
    "animal": words("hungry young old wild tiny huge lazy friendly noisy small big fast slow brown black white gray little sleepy~ fluffy~ clever"),
    "thing": words("""heavy light round sharp clean dirty empty full broken soft cheap expensive
        old new small big tiny huge wet dry strange useful beautiful red blue green yellow
        black white brown pink shiny~ ancient~ fragile~"""),
    "fruit": words("fresh sweet ripe big small red green yellow juicy~ rotten~"),
    "dish": words("fresh hot cold warm sweet big small delicious homemade~"),
    "food_mass": words("fresh hot cold warm sweet delicious spicy~ salty~"),
    "drink": words("hot cold warm sweet fresh strong~"),
    "place": words("busy quiet noisy clean dirty dark bright warm cold big small empty crowded old new beautiful safe wide~ narrow~ famous"),
    "vehicle": words("fast slow old new red blue white black empty full crowded~ noisy"),
    "event": words("long short boring exciting great strange funny big important~ quiet"),
    "abstract": words("good bad great simple strange new clever funny easy difficult right wrong big small important~"),
    "time": words("long short cold warm quiet busy"),
    "body": words("left right sore cold clean dirty"),
    "furniture": words("old new big small clean dirty wooden~"),
}
GROUPS_THING_COLOR = [n for g in ("thing", "vehicle", "wearable", "animal", "furniture", "place") for n in GROUPS[g]]
ADJ_ONLY = {   # adjectives allowed only with these nouns
    "light": set("bag box jacket coat blanket chair bike laptop camera suitcase boat tent sweater scarf backpack kite ball umbrella".split()),
    "round": set("ball table plate clock mirror window stone rock cake bowl lamp moon face coin button".split()),
    "sharp": set("knife saw needle pencil stick rock stone axe drill".split()),
    "empty": set("cup glass bottle box bag bucket jar basket bowl can wallet suitcase".split()),
    "full": set("cup glass bottle box bag bucket jar basket bowl can wallet suitcase".split()),
    "soft": set("pillow blanket towel sweater scarf glove hat ball toy".split()),
    "broken": set("watch saw box phone cup glass bottle pen pencil lamp clock camera radio laptop guitar drum violin umbrella mirror toy kite chair".split()),
    "wet": set("towel coat jacket hat umbrella shoe boot sock glove scarf rock stone book map ticket blanket".split()),
    "dry": set("towel coat jacket hat shoe boot sock glove scarf rock stone blanket".split()),
    "right": set("answer choice idea word name number color price question".split()),
    "wrong": set("answer choice idea word name number color price question".split()),
    "left": set("arm leg hand foot knee eye ear shoulder".split()),
    "ripe": set("apple banana orange pear peach lemon grape plum melon mango cherry apricot tomato".split()),
    "juicy": set("apple orange pear peach lemon grape plum melon mango cherry apricot tomato".split()),
    "sweet": set("apple banana orange pear peach grape plum melon mango cherry apricot cake pie cookie pancake muffin tea coffee juice milk cocoa lemonade honey jam".split()),
    "red": set("apple tomato cherry grape plum pepper".split()) | set(GROUPS_THING_COLOR),
    "green": set("apple pear grape bean lemon tomato".split()) | set(GROUPS_THING_COLOR),
    "yellow": set("banana lemon melon pear mango".split()) | set(GROUPS_THING_COLOR),
    "fast": set("car bus train plane boat ship truck bike taxi van horse dog rabbit deer tiger cat".split()),
    "slow": set("car bus train boat ship truck bike taxi van horse turtle snake cow".split()),
}
COLORS = words("red blue green yellow black white brown gray pink purple orange")
DEGREE = words("very really quite so too rather~ extremely~")
MANNER = words("""quickly slowly carefully quietly loudly happily gently badly well hard
    fast softly calmly patiently~ eagerly~ proudly~ politely~""")
FREQ = words("often always never usually sometimes rarely")
COMPARATIVES = {  # base: (comparative, superlative)
    "big": ("bigger", "biggest"), "small": ("smaller", "smallest"), "old": ("older", "oldest"),
    "young": ("younger", "youngest"), "tall": ("taller", "tallest"), "fast": ("faster", "fastest"),
    "slow": ("slower", "slowest"), "heavy": ("heavier", "heaviest"), "light": ("lighter", "lightest"),
    "warm": ("warmer", "warmest"), "cold": ("colder", "coldest"), "cheap": ("cheaper", "cheapest"),
    "long": ("longer", "longest"), "short": ("shorter", "shortest"), "happy": ("happier", "happiest"),
    "quiet": ("quieter", "quietest"), "loud": ("louder", "loudest"), "strong": ("stronger", "strongest"),
    "clean": ("cleaner", "cleanest"), "dark": ("darker", "darkest"), "busy": ("busier", "busiest"),
    "good": ("better", "best"), "bad": ("worse", "worst"), "close": ("closer", "closest"),
}
for _b, (_c, _s) in COMPARATIVES.items():
    ADJ_LEMMA[_c] = _b
    ADJ_LEMMA[_s] = _b

# ---------------------------------------------------------------- verbs
IRREG = {
    "see": ("saw", "seen"), "run": ("ran", "run"), "fly": ("flew", "flown"),
    "eat": ("ate", "eaten"), "drink": ("drank", "drunk"), "read": ("read", "read"),
    "write": ("wrote", "written"), "draw": ("drew", "drawn"), "buy": ("bought", "bought"),
    "sell": ("sold", "sold"), "find": ("found", "found"), "lose": ("lost", "lost"),
    "bring": ("brought", "brought"), "take": ("took", "taken"), "hold": ("held", "held"),
    "keep": ("kept", "kept"), "send": ("sent", "sent"), "give": ("gave", "given"),
    "show": ("showed", "shown"), "lend": ("lent", "lent"), "make": ("made", "made"),
    "build": ("built", "built"), "cut": ("cut", "cut"), "sing": ("sang", "sung"),
    "swim": ("swam", "swum"), "sleep": ("slept", "slept"), "sit": ("sat", "sat"),
    "stand": ("stood", "stood"), "come": ("came", "come"), "go": ("went", "gone"),
    "leave": ("left", "left"), "teach": ("taught", "taught"), "know": ("knew", "known"),
    "think": ("thought", "thought"), "say": ("said", "said"), "tell": ("told", "told"),
    "hear": ("heard", "heard"), "feel": ("felt", "felt"), "catch": ("caught", "caught"),
    "throw": ("threw", "thrown"), "hit": ("hit", "hit"), "meet": ("met", "met"),
    "lead": ("led", "led"), "set": ("set", "set"), "light": ("lit", "lit"),
    "ring": ("rang", "rung"), "drive": ("drove", "driven"), "ride": ("rode", "ridden"),
    "fall": ("fell", "fallen"), "grow": ("grew", "grown"), "win": ("won", "won"),
    "hide": ("hid", "hidden"), "forget": ("forgot", "forgotten"), "pay": ("paid", "paid"),
    "feed": ("fed", "fed"), "bear": ("bore", "borne"), "mean": ("meant", "meant"),
    "wear": ("wore", "worn"), "hurt": ("hurt", "hurt"), "become": ("became", "become"),
    "choose": ("chose", "chosen"), "shake": ("shook", "shaken"), "blow": ("blew", "blown"),
    "dig": ("dug", "dug"), "sweep": ("swept", "swept"), "bite": ("bit", "bitten"),
    "sting": ("stung", "stung"), "sink": ("sank", "sunk"), "shine": ("shone", "shone"),
    "sew": ("sewed", "sewn"), "put": ("put", "put"), "begin": ("began", "begun"),
    "get": ("got", "gotten"), "speak": ("spoke", "spoken"), "rise": ("rose", "risen"),
    "understand": ("understood", "understood"), "spend": ("spent", "spent"),
    "break": ("broke", "broken"), "steal": ("stole", "stolen"), "wake": ("woke", "woken"),
    "have": ("had", "had"), "do": ("did", "done"), "hang": ("hung", "hung"),
    "lay": ("laid", "laid"), "swing": ("swung", "swung"), "forgive": ("forgave", "forgiven"),
}
DOUBLE = set("""stop drop plan shop hug chat jog nod grab clap hop skip rub beg tap ship
    swim run sit cut hit get set put begin win dig knit forget swat hum wrap chop stir
    slip rob sob pat mop trip""".split())


def third(b):
    if b in ("go", "do"):
        return b + "es"
    if b == "have":
        return "has"
    if re.search(r"(s|x|z|ch|sh)$", b):
        return b + "es"
    if re.search(r"[^aeiou]y$", b):
        return b[:-1] + "ies"
    return b + "s"


def ing(b):
    if b in ("be", "see", "flee", "agree"):
        return b + "ing"
    if b.endswith("ie"):
        return b[:-2] + "ying"
    if b in DOUBLE:
        return b + b[-1] + "ing"
    if b.endswith("e") and not b.endswith("ee") and not b.endswith("ye") and not b.endswith("oe"):
        return b[:-1] + "ing"
    return b + "ing"


def past_reg(b):
    if b.endswith("e"):
        return b + "d"
    if re.search(r"[^aeiou]y$", b):
        return b[:-1] + "ied"
    if b in DOUBLE:
        return b + b[-1] + "ed"
    return b + "ed"


class Verb:
    def __init__(self, base, frames, w=1.0):
        self.base = base
        self.s3 = third(base)
        self.ing = ing(base)
        if base in IRREG:
            self.past, self.pp = IRREG[base]
        else:
            self.past = self.pp = past_reg(base)
        self.frames = frames
        self.w = w

    def form(self, kind):
        return getattr(self, kind)


# Frame mini-language:
#   i          intransitive (human subject)        i@grp   intransitive, subject from group
#   ia         intransitive, human or animal       m       motion (direction adjunct)
#   m@grp      motion with subject from group
#   t:g1,g2    transitive, human subject           t@sg:g  transitive, subject group sg
#   ta:g       transitive, human or animal subject
#   d:g        ditransitive (V someone something)
#   c          that-clause complement              n       to-infinitive complement
#   p:prep:g   prepositional object                a       copula-like + adjective
#   k          "like" + NP (look like ...)
VERB_SPECS = [
    ("see", "t:animal,thing,vehicle,place,event,person c", 4),
    ("watch", "t:watchable,animal,person i", 4), ("book", "t:bookable", 4),
    ("run", "m t:business", 4), ("fly", "m m@flyanimal t:flyable", 4),
    ("like", "t:fruit,food_mass,drink,animal,sport,event,place n", 4),
    ("love", "t:fruit,food_mass,drink,animal,sport,person n", 1),
    ("hate", "t:fruit,food_mass,animal,sport,event n", 1),
    ("enjoy", "t:event,sport,food_mass,watchable", 1),
    ("want", "t:thing,fruit,drink,vehicle n", 1), ("need", "t:thing,tool,drink,vehicle n", 1),
    ("eat", "ta:fruit,food_mass ia", 1), ("drink", "ta:drink ia", 3),
    ("cook", "t:fruit,food_mass i", 3), ("bake", "t:baked", 1), ("boil", "t:boilable", 0.4),
    ("fry", "t:fryable", 0.4), ("read", "t:readable i", 1), ("write", "t:writable", 1),
    ("draw", "t:drawable i", 0.7), ("paint", "t:paintable i", 0.7),
    ("buy", "t:thing,fruit,vehicle,food_mass", 1.2), ("sell", "t:thing,fruit,vehicle", 0.8),
    ("find", "t:thing", 1), ("lose", "t:thing", 1), ("carry", "t:thing", 0.8),
    ("bring", "t:thing,fruit", 0.8), ("take", "t:thing", 0.8), ("drop", "t:thing", 0.7),
    ("hold", "t:thing", 0.6), ("keep", "t:thing", 0.6), ("send", "t:sendable d:sendable", 0.8),
    ("give", "d:thing,readable", 1), ("show", "d:thing,readable", 0.7), ("lend", "d:thing,readable", 0.4),
    ("borrow", "t:thing,readable,tool", 0.5), ("make", "t:makeable", 1),
    ("build", "t:buildable", 0.7), ("fix", "t:fixable", 0.7), ("repair", "t:fixable", 0.3),
    ("open", "t:openable i@opener", 3), ("close", "t:openable i@opener", 3),
    ("clean", "t:cleanable", 0.7), ("wash", "t:cleanable", 0.7), ("cut", "t:cuttable", 0.6),
    ("play", "t:sport t:the_instrument i", 4), ("sing", "t:song i", 0.8),
    ("dance", "i", 2), ("swim", "m", 0.8), ("walk", "m", 2.4), ("sleep", "ia", 0.8),
    ("laugh", "i", 0.6), ("cry", "ia", 0.4), ("smile", "i", 0.5), ("jump", "ia", 0.5),
    ("wait", "i p:for:person,vehicle", 0.8), ("arrive", "i", 0.6), ("rest", "ia", 0.4),
    ("shout", "i", 0.3), ("hurry", "m", 0.3), ("work", "i", 0.8), ("travel", "m", 0.6),
    ("sit", "ia", 0.6), ("stand", "i", 0.4), ("come", "m", 0.9), ("go", "m", 1.2),
    ("return", "m", 0.4), ("move", "m", 0.4), ("leave", "i t:place", 2.4),
    ("visit", "t:visitable,person", 0.8), ("call", "t:person", 2.4), ("help", "t:person", 1.2),
    ("meet", "t:person", 0.8), ("follow", "t:person", 0.4), ("miss", "t:person,catchable", 0.5),
    ("teach", "t:subject", 0.5), ("hug", "t:person,pet", 0.3), ("protect", "t:person,animal", 0.2),
    ("learn", "t:subject n", 0.6), ("study", "t:subject", 0.5), ("know", "t:person c", 1),
    ("think", "c", 1), ("hope", "c n", 0.6), ("believe", "c", 0.4), ("say", "c", 0.8),
    ("tell", "d:tellable", 0.6), ("answer", "t:answerable", 0.5), ("hear", "t:hearable c", 0.8),
    ("listen", "p:to:listenable,person", 0.6), ("look", "p:at:thing,animal,vehicle a k", 1),
    ("feel", "a", 0.6), ("seem", "a", 0.4), ("try", "n", 0.6), ("start", "n", 0.5),
    ("decide", "n", 0.4), ("forget", "t:rememberable n", 0.5), ("remember", "t:rememberable n", 0.5),
    ("finish", "t:finishable", 0.5), ("catch", "ta:catchable", 0.7), ("throw", "t:throwable", 0.5),
    ("kick", "t:throwable", 0.4), ("push", "t:pushable", 0.4), ("pull", "t:pushable", 0.3),
    ("lead", "t:leadable", 3), ("train", "t:trainable i", 3), ("point", "p:at:thing,animal,vehicle", 3),
    ("face", "t:faceable", 3), ("set", "t:settable", 3), ("light", "t:lightable", 3),
    ("park", "t:parkable i", 3), ("rock", "t:rockable", 2.4), ("fish", "i", 3), ("duck", "i", 2),
    ("ring", "t:ringable i@ringer", 2.4), ("present", "t:presentable", 2.4),
    ("water", "t:waterable", 2.4), ("plant", "t:plantable", 2.4), ("drive", "t:drivable m", 0.7),
    ("ride", "t:rideable", 0.5), ("climb", "t:climbable", 0.5), ("fall", "i@faller", 0.4),
    ("grow", "t:plantable i@grower", 0.5), ("win", "t:winnable", 0.6), ("lift", "t:liftable", 0.3),
    ("count", "t:countable", 0.3), ("fill", "t:container", 0.3), ("pack", "t:packable", 0.3),
    ("hide", "t:thing ia", 0.4), ("order", "t:fruit,food_mass,drink", 0.4),
    ("pay", "t:payable", 0.4), ("feed", "t:animal", 0.6), ("chase", "t@animal:animal,throwable", 0.4),
    ("bark", "i@barker", 0.4), ("buzz", "i@buzzer", 0.2), ("shine", "i@shiner", 0.3),
    ("sink", "i@sinker", 0.2), ("melt", "i@melter", 0.2), ("wear", "t:wearable", 0.6),
    ("hurt", "t:body", 0.5), ("wave", "i p:at:person", 0.3), ("explain", "t:explainable", 0.3),
    ("cross", "t:crossable", 0.3), ("enter", "t:enterable", 0.3), ("share", "t:shareable", 0.3),
    ("choose", "t:thing", 0.3), ("shake", "t:shakeable", 0.2), ("blow", "t:blowable", 0.2),
    ("dig", "t:diggable", 0.2), ("sweep", "t:sweepable", 0.15), ("crawl", "i@crawler", 0.15),
    ("land", "i@lander", 0.3), ("sail", "m", 0.2), ("row", "t:rowable", 0.15),
    ("chop", "t:choppable", 0.15), ("peel", "t:peelable", 0.15), ("mend", "t:mendable", 0.1),
    ("hum", "t:song i", 0.1), ("polish", "t:polishable", 0.1), ("gallop", "i@galloper", 0.1),
    ("knit", "t:knittable", 0.1), ("wrap", "t:wrappable", 0.2), ("rain", "i@it", 0.6),
    ("snow", "i@it", 0.3), ("have", "t:pet,thing,abstract", 1), ("do", "t:homework", 0.6),
    ("sound", "a", 0.2), ("smell", "a", 0.2), ("taste", "a", 0.2),
    ("call", "i", 0.4), ("stop", "i", 0.3), ("speak", "i", 0.4), ("break", "t:thing", 0.4),
    ("understand", "t:abstract", 0.3), ("steal", "t:thing", 0.2), ("spend", "t:time", 0.1),
]
VERBS = []
VERB_BY_BASE = {}
for _b, _f, _w in VERB_SPECS:
    if _b in VERB_BY_BASE:   # second entry adds frames
        VERB_BY_BASE[_b].frames += _f.split()
        continue
    _v = Verb(_b, _f.split(), _w)
    VERBS.append(_v)
    VERB_BY_BASE[_b] = _v
# extra verbs only used by templates (lemma / inflection lookup)
for _b in "swat land buzz circle swish sharpen belong hand contain scream stay recycle roll flash blink glow sleep score rise lie dress act talk swing hang spill pour fix wonder keep offer follow arch hurt ache smile fit worry surprise please dent lock join".split():
    if _b not in VERB_BY_BASE:
        _v = Verb(_b, [], 0)
        VERB_BY_BASE[_b] = _v
for _v in VERB_BY_BASE.values():
    for _k in ("s3", "ing", "past", "pp"):
        VERB_LEMMA.setdefault(_v.form(_k), _v.base)
VERB_LEMMA["lay"] = "lie"     # "lay" in this corpus is only ever the past of "lie"
VERB_LEMMA["born"] = "bear"

for _g in GROUPS.values():
    for _n in _g:
        NOUN_LEMMA[plural(_n)] = _n
NOUN_LEMMA["people"] = "people"
SINGULARS = set()
for _g in ALL_GROUPS.values():
    SINGULARS.update(_g)

STATIVE = set("know like love hate want need see hear believe seem mean belong have understand own".split())
NO_IMPERATIVE = set("know seem hope believe mean bear hear see feel rain snow fall sink shine bark buzz melt grow crawl land gallop have understand".split())


def vforms(base):
    if base not in VERB_BY_BASE:
        VERB_BY_BASE[base] = Verb(base, [], 0)
    return VERB_BY_BASE[base]


# ============================================================================
# 3. phrase builders
# ============================================================================

def new_ctx():
    return {"agr": "3s", "poss": "his", "cls": "person", "last_noun": "thing",
            "subj_pron": None}


SUBJ_PRON = {"I": ("1s", "my"), "you": ("2", "your"), "he": ("3s", "his"),
             "she": ("3s", "her"), "we": ("1p", "our"), "they": ("3p", "their"),
             "it": ("3s", "its")}
OBJ_PRON = {"I": "me", "you": "you", "he": "him", "she": "her", "we": "us",
            "they": "them", "it": "it"}


def be_form(agr, past=False):
    if past:
        return "was" if agr in ("1s", "3s") else "were"
    return {"1s": "am", "3s": "is"}.get(agr, "are")


def pres_form(v, agr):
    return v.s3 if agr == "3s" else v.base


def name_tok():
    if chance(0.5):
        n = wword(NAMES_F)
        g = "her"
    else:
        n = wword(NAMES_M)
        g = "his"
    return [T(n, "PROPN")], g


def city_toks():
    if chance(0.12):
        return [T(w, "PROPN") for w in pick(CITIES_MULTI)]
    if chance(0.12):
        return [T(wword(COUNTRIES), "PROPN")]
    return [T(wword(CITIES), "PROPN")]


def num_tok(min_val=2, words_only=False, digits_only=False):
    if digits_only or (not words_only and chance(0.35)):
        return T(str(RNG.randint(max(2, min_val), 60)), "NUM")
    return T(pick(NUM_WORDS[:12] if min_val <= 2 else NUM_WORDS[1:12]), "NUM")


def clock_toks():
    r = RNG.random()
    if r < 0.15:
        return [T(pick(["noon", "midnight"]), "NOUN")]
    if r < 0.35:
        return [T(pick("six seven eight nine ten eleven".split()), "NUM")]
    h = RNG.randint(1, 12)
    if chance(0.5):
        return [T(str(h), "NUM")]
    return [T("%d:%s" % (h, pick(["00", "15", "30", "45"])), "NUM")]


def adj_for(noun, cls=None):
    cls = cls or noun_class(noun)
    cands = [a for a in ADJ_BY_CLASS.get(cls, ADJ_BY_CLASS["thing"])
             if a not in ADJ_ONLY or noun in ADJ_ONLY[a]]
    return wword(cands)


def adj_phrase(noun, cls=None):
    """Prenominal adjectives for noun (one, two, or degree+adjective)."""
    cls = cls or noun_class(noun)
    a = adj_for(noun, cls)
    r = RNG.random()
    if r < 0.12:
        return [T(pick(["very", "really", "quite"]), "ADV"), T(a, "ADJ")]
    if r < 0.24 and cls in ("thing", "animal", "vehicle") and a not in COLORS:
        c = pick([x for x in COLORS if x != a])
        return [T(a, "ADJ"), T(c, "ADJ")]
    return [T(a, "ADJ")]


def poss_toks(ctx=None, allow_np=True):
    r = RNG.random()
    if allow_np and r < 0.18:
        toks, _ = name_tok()
        toks[-1][3] = True
        return toks + [T("'s", "PART")]
    if allow_np and r < 0.26:
        n = wword(GROUPS["person"])
        return [T("the", "DET"), T(n, "NOUN", glue=True), T("'s", "PART")]
    return [T(pick(["my", "your", "his", "her", "our", "their"]), "PRON")]


def det_toks(number, mass, mode="any"):
    """Return (tokens, is_indefinite)."""
    if mode == "none":
        return [], True
    if mode == "the":
        return [T("the", "DET")], False
    if mode == "def":
        r = RNG.random()
        if r < 0.65:
            return [T("the", "DET")], False
        if r < 0.9:
            return poss_toks(), False
        return [T(("this" if chance(0.5) else "that") if number == "sg" else pick(["these", "those"]), "DET")], False
    if mode == "indef":
        if number == "sg" and not mass:
            return [T("a", "DET")], True
        r = RNG.random()
        if r < 0.4:
            return [], True
        if r < 0.7:
            return [T("some", "DET")], True
        if number == "pl":
            return [num_tok()], True
        return [], True
    r = RNG.random()
    if number == "sg" and not mass:
        opts = [("the", 45), ("a", 27), ("poss", 12), ("dem", 7), ("another", 2),
                ("every", 2), ("each", 1), ("one", 1)]
    elif number == "pl":
        opts = [("the", 38), ("bare", 20), ("poss", 12), ("dem", 6), ("some", 8),
                ("num", 10), ("many", 3), ("allthe", 2), ("few", 1)]
    else:
        opts = [("the", 40), ("bare", 30), ("poss", 12), ("some", 10), ("dem", 5), ("no", 1)]
    d = wpick(opts)
    if d == "the":
        return [T("the", "DET")], False
    if d == "a":
        return [T("a", "DET")], True
    if d == "poss":
        return poss_toks(), False
    if d == "dem":
        if number == "pl":
            return [T(pick(["these", "those"]), "DET")], False
        return [T(pick(["this", "that"]), "DET")], False
    if d in ("another", "every", "each", "some", "no"):
        return [T(d, "DET")], d != "every" and d != "each"
    if d == "one":
        return [T("one", "NUM")], True
    if d == "bare":
        return [], True
    if d == "num":
        return [num_tok()], True
    if d == "many":
        return [T("many", "ADJ")], True
    if d == "few":
        return [T("a", "DET"), T("few", "ADJ")], True
    if d == "allthe":
        return [T("all", "DET"), T("the", "DET")], False
    raise ValueError(d)


def noun_info(group):
    """Pick a noun from a group: (noun, mass)."""
    if group == "the_instrument":
        group = "instrument"
    mass = group in MASS_GROUPS
    return wword(ALL_GROUPS[group]), mass


def np(groups, ctx=None, number=None, mode="any", adj=0.25, pp=0.0, rel=0.0, depth=0):
    """Noun phrase.  Returns (tokens, info) where info has noun/number/agr/cls."""
    if isinstance(groups, str):
        groups = groups.split(",")
    g = pick(groups)
    if g == "the_instrument":
        n, _ = noun_info(g)
        toks = [T("the", "DET"), T(n, "NOUN")]
        return toks, {"noun": n, "number": "sg", "agr": "3s", "cls": "thing", "group": g}
    n, mass = noun_info(g)
    if g in ("sport", "subject"):
        ctx is not None and ctx.update(last_noun=n)
        return [T(n, "NOUN")], {"noun": n, "number": "sg", "agr": "3s", "cls": "abstract", "group": g}
    if g == "homework" and mode == "any":
        mode = "def"
    if mass:
        number = "sg"
    elif number is None:
        number = "pl" if chance(0.3) else "sg"
    form = n if number == "sg" else plural(n)
    cls = noun_class(n)
    dets, indef = det_toks(number, mass, mode)
    toks = list(dets)
    # container phrase: "a cup of tea", "two bags of apples"
    if (g in ("drink", "food_mass") or (g == "fruit" and number == "pl")) and chance(0.12) and mode != "none":
        cont = {"drink": ["cup", "glass", "bottle", "jug"],
                "food_mass": ["bowl", "jar", "piece", "slice", "bag", "plate"],
                "fruit": ["bag", "box", "basket", "bowl", "kilo"]}[g]
        c = pick(cont)
        cnum = "pl" if chance(0.25) else "sg"
        cd = [T("a", "DET")] if cnum == "sg" else [num_tok()]
        toks = cd + [T(c if cnum == "sg" else plural(c), "NOUN"), T("of", "ADP"), T(form, "NOUN", n)]
        if ctx is not None:
            ctx["last_noun"] = c
        return toks, {"noun": c, "number": cnum, "agr": "3s" if cnum == "sg" else "3p", "cls": "thing", "group": "thing"}
    if adj and chance(adj):
        toks += adj_phrase(n, cls)
    toks.append(T(form, "NOUN", n))
    info = {"noun": n, "number": number, "agr": "3s" if number == "sg" else "3p", "cls": cls, "group": g}
    if depth == 0 and pp and chance(pp) and (cls != "thing" or n in GROUPS["thing"]):
        toks += np_pp(cls)
    elif depth == 0 and rel and chance(rel):
        toks += rel_clause(n, g, number)
    if ctx is not None:
        ctx["last_noun"] = n
    return toks, info


def np_pp(cls):
    if cls == "person":
        r = RNG.random()
        if r < 0.4:
            return [T("from", "ADP")] + city_toks()
        if r < 0.7:
            w = wword(GROUPS["wearable"])
            return [T("with", "ADP"), T("a", "DET"), T(adj_for(w, "thing") if chance(0.6) else pick(COLORS), "ADJ"), T(w, "NOUN")]
        return [T("in", "ADP"), T("the", "DET"), T(wword(GROUPS["place_in"]), "NOUN")]
    if cls == "animal":
        return [T(pick(["in", "near", "behind"]), "ADP"), T("the", "DET"), T(pick(["barn", "garden", "yard", "field", "tree", "house", "river"]), "NOUN")]
    if cls in ("place",):
        return [T("near", "ADP"), T("the", "DET"), T(pick(["river", "station", "park", "school", "bridge", "market"]), "NOUN")]
    return [T(pick(["on", "under", "by"]), "ADP"), T("the", "DET"), T(wword(GROUPS["furniture"]), "NOUN")]


def person_np(ctx=None, number=None, mode="any", adj=0.25):
    return np("person", ctx, number=number, mode=mode, adj=adj)


def subject(kind="h", ctx=None, agree=None, allow_pron=True, coord=True):
    """Subject NP with agreement info stored in ctx.  kind: h, a, @group, it."""
    if ctx is None:
        ctx = new_ctx()
    if kind == "it":
        toks = [T("it", "PRON")]
        ctx.update(agr="3s", poss="its", cls="thing", subj_pron="it")
        return toks
    if kind.startswith("@"):
        grp = kind[1:].split("|")
        if allow_pron and chance(0.08):
            p = "it" if agree != "non3" else "they"
            if agree is None and chance(0.4):
                p = "they"
            ctx.update(agr=SUBJ_PRON[p][0], poss=SUBJ_PRON[p][1], cls="thing", subj_pron=p)
            return [T(p, "PRON")]
        num = "sg" if agree == "3s" else ("pl" if agree == "non3" else None)
        if agree == "non3" and all(g in MASS_GROUPS for g in grp):
            grp = ["flyer"]
        gg = [g for g in grp if not (agree == "non3" and g in MASS_GROUPS)]
        toks, info = np(gg or grp, ctx, number=num, adj=0.25, mode="any")
        toks = strip_bad_subject_det(toks)
        ctx.update(agr=info["agr"], poss="its" if info["agr"] == "3s" else "their", cls=info["cls"], subj_pron=None)
        return toks
    if kind == "a" and chance(0.35):
        return subject("@animal", ctx, agree, allow_pron=False)
    # human
    r = RNG.random()
    if allow_pron and r < 0.42:
        cands = ["I", "you", "he", "she", "we", "they"]
        if agree == "3s":
            cands = ["he", "she"]
        elif agree == "non3":
            cands = ["I", "you", "we", "they"]
        p = wpick([(c, {"I": 1.3, "you": 1, "he": 1, "she": 1, "we": 1, "they": 1.1}[c]) for c in cands])
        a, po = SUBJ_PRON[p]
        ctx.update(agr=a, poss=po, cls="person", subj_pron=p)
        return [T(p, "PRON")]
    if r < 0.68 and agree != "non3":
        toks, g = name_tok()
        ctx.update(agr="3s", poss=g, cls="person", subj_pron=None)
        return toks
    if r < 0.72 and coord:
        a, _ = name_tok()
        b, _ = name_tok()
        if a[0][0] == b[0][0]:
            b = [T("I", "PRON")] if chance(0.5) else [T(pick(["my", "her", "his"]), "PRON"), T(pick(["friend", "sister", "brother", "cousin"]), "NOUN")]
        ctx.update(agr="3p" if b[0][0] != "I" else "1p", poss="their" if b[0][0] != "I" else "our", cls="person", subj_pron=None)
        return a + [T("and", "CCONJ")] + b
    num = "sg" if agree == "3s" else ("pl" if agree == "non3" else None)
    toks, info = person_np(ctx, number=num)
    toks = strip_bad_subject_det(toks)
    n = info["noun"]
    if info["agr"] == "3p":
        poss = "their"
    elif n in FEMALE_NOUNS:
        poss = "her"
    elif n in MALE_NOUNS:
        poss = "his"
    else:
        poss = pick(["his", "her"])
    ctx.update(agr=info["agr"], poss=poss, cls="person", subj_pron=None)
    return toks


def strip_bad_subject_det(toks):
    """A bare singular count noun cannot be a subject: give it "the"."""
    if toks and toks[0][1] == "NOUN" and toks[0][0] == toks[0][2] and toks[0][2] not in MASS_SET:
        return [T("the", "DET")] + toks
    return toks


MASS_SET = set()
for _g in MASS_GROUPS.values():
    MASS_SET.update(_g)


def object_person(ctx):
    r = RNG.random()
    sp = ctx.get("subj_pron")
    if r < 0.35:
        cands = [p for p in ["I", "you", "he", "she", "we", "they"] if p != sp]
        return [T(OBJ_PRON[pick(cands)], "PRON")]
    if r < 0.65:
        return name_tok()[0]
    return person_np(ctx, mode="any")[0]


def obj_np(groups, ctx, depth=0):
    groups = groups.split(",") if isinstance(groups, str) else groups
    if "person" in groups and chance(0.5 if len(groups) == 1 else 0.2):
        return object_person(ctx)
    if depth == 0 and chance(0.05) and "the_instrument" not in groups:
        return [T(pick(["it", "them"]), "PRON")]
    toks, info = np(groups, ctx, adj=0.3, pp=0.1 if depth == 0 else 0, rel=0.07 if depth == 0 else 0, depth=depth)
    # coordination of objects now and then
    if depth == 0 and chance(0.05) and info["group"] != "the_instrument":
        t2, _ = np(groups, ctx, depth=1)
        if [x[0] for x in t2] != [x[0] for x in toks]:
            toks = toks + [T(pick(["and", "and", "or"]), "CCONJ")] + t2
    return toks


# ---------------------------------------------------------------- adjuncts

def place_np(kind="in"):
    grp = {"in": "place_in", "at": "place_at", "on": "place_on", "any": "place"}[kind]
    n = wword(GROUPS[grp])
    r = RNG.random()
    if r < 0.72:
        d = [T("the", "DET")]
    elif r < 0.88:
        d = [T(pick(["my", "your", "his", "her", "our", "their"]), "PRON")]
    else:
        d = [T("a", "DET")]
    if chance(0.15):
        d = d + [T(adj_for(n, "place") if noun_class(n) == "place" else pick(["old", "big", "small", "new"]), "ADJ")]
    return d + [T(n, "NOUN")]


def loc_toks():
    r = RNG.random()
    if r < 0.30:
        return [T("in", "ADP")] + place_np("in")
    if r < 0.48:
        return [T("at", "ADP")] + place_np("at")
    if r < 0.56:
        return [T("on", "ADP")] + place_np("on")
    if r < 0.64:
        return [T(pick(["near", "behind", "outside", "beside"]), "ADP")] + place_np("any")
    if r < 0.70:
        return [T("by", "ADP"), T("the", "DET"), T(pick(["river", "lake", "sea", "window", "door", "fire", "road"]), "NOUN")]
    if r < 0.80:
        return [T("in", "ADP")] + city_toks()
    if r < 0.86:
        return [T("at", "ADP"), T("home", "NOUN")]
    return [T(pick(["here", "there", "outside", "upstairs", "downstairs", "inside", "nearby"]), "ADV")]


def dir_toks():
    r = RNG.random()
    if r < 0.28:
        return [T("to", "ADP")] + place_np("any")
    if r < 0.40:
        return [T("to", "ADP")] + city_toks()
    if r < 0.48:
        return [T("home", "ADV")]
    if r < 0.56:
        t = [T("back", "ADV")]
        if chance(0.5):
            t += [T("to", "ADP")] + place_np("any")
        return t
    if r < 0.62:
        return [T("into", "ADP")] + place_np("in")
    if r < 0.68:
        return [T("across", "ADP"), T("the", "DET"), T(pick(["river", "street", "road", "field", "bridge", "square", "park"]), "NOUN")]
    if r < 0.73:
        return [T("along", "ADP"), T("the", "DET"), T(pick(["river", "road", "beach", "street", "path", "canal"]), "NOUN")]
    if r < 0.78:
        return [T("through", "ADP"), T("the", "DET"), T(pick(["forest", "park", "village", "field", "town", "tunnel"]), "NOUN")]
    if r < 0.82:
        return [T("around", "ADP"), T("the", "DET"), T(pick(["lake", "park", "block", "house", "field"]), "NOUN")]
    if r < 0.87:
        return [T(pick(["up", "down"]), "ADP"), T("the", "DET"), T(pick(["hill", "road", "street", "river", "stairs"]), "NOUN")]
    if r < 0.91:
        return [T(pick(["towards", "past"]), "ADP")] + place_np("any")
    return [T(pick(["away", "outside", "upstairs", "downstairs", "abroad", "away", "inside"]), "ADV")]


def tpast_toks():
    r = RNG.random()
    if r < 0.16:
        return [T("yesterday", "NOUN")]
    if r < 0.32:
        return [T("last", "ADJ"), T(pick(["night", "week", "year", "month", "summer", "winter", "spring", "weekend"]), "NOUN")]
    if r < 0.38:
        return [T("last", "ADJ"), T(pick(DAYS), "PROPN")]
    if r < 0.48:
        return [T("on", "ADP"), T(pick(DAYS), "PROPN")]
    if r < 0.58:
        if chance(0.3):
            return [T("a", "DET"), T(pick(["week", "month", "year"]), "NOUN"), T("ago", "ADV")]
        return [num_tok(), T(pick(["days", "weeks", "months", "years", "minutes", "hours"]), "NOUN"), T("ago", "ADV")]
    if r < 0.64:
        return [T("this", "DET"), T(pick(["morning", "afternoon"]), "NOUN")]
    if r < 0.70:
        return [T("in", "ADP"), T(pick(MONTHS), "PROPN")]
    if r < 0.74:
        return [T("in", "ADP"), T(str(RNG.randint(1980, 2023)), "NUM")]
    if r < 0.78:
        return [T("earlier", "ADV")]
    if r < 0.82:
        return [T("the", "DET"), T("other", "ADJ"), T("day", "NOUN")]
    if r < 0.90:
        return [T("at", "ADP")] + clock_toks()
    if r < 0.95:
        return [T("after", "ADP"), T(pick(["lunch", "dinner", "school", "work", "breakfast", "class"]), "NOUN")]
    return [T("before", "ADP"), T(pick(["lunch", "dinner", "breakfast", "noon", "sunrise"]), "NOUN")]


def tfut_toks():
    r = RNG.random()
    if r < 0.2:
        return [T("tomorrow", "NOUN")]
    if r < 0.28:
        return [T("tonight", "NOUN")]
    if r < 0.40:
        return [T("next", "ADJ"), T(pick(["week", "month", "year", "summer", "weekend"]), "NOUN")]
    if r < 0.45:
        return [T("next", "ADJ"), T(pick(DAYS), "PROPN")]
    if r < 0.55:
        return [T("on", "ADP"), T(pick(DAYS), "PROPN")]
    if r < 0.63:
        return [T(pick(["soon", "later"]), "ADV")]
    if r < 0.70:
        return [T("in", "ADP"), num_tok(), T(pick(["minutes", "hours", "days", "weeks"]), "NOUN")]
    if r < 0.75:
        return [T("in", "ADP"), T("a", "DET"), T(pick(["minute", "moment", "week", "month"]), "NOUN")]
    if r < 0.85:
        return [T("at", "ADP")] + clock_toks()
    if r < 0.92:
        return [T("this", "DET"), T(pick(["evening", "afternoon", "weekend"]), "NOUN")]
    return [T("after", "ADP"), T(pick(["lunch", "dinner", "school", "work", "class"]), "NOUN")]


def thab_toks():
    r = RNG.random()
    if r < 0.3:
        return [T("every", "DET"), T(pick(["day", "morning", "evening", "night", "week", "summer", "weekend", "winter"]), "NOUN")]
    if r < 0.42:
        return [T("on", "ADP"), T(pick(DAYS) + "s", "PROPN")]
    if r < 0.58:
        return [T("in", "ADP"), T("the", "DET"), T(pick(["morning", "evening", "afternoon", "summer", "winter"]), "NOUN")]
    if r < 0.64:
        return [T("at", "ADP"), T("night", "NOUN")]
    if r < 0.74:
        return [T(pick(["twice", "once"]), "ADV"), T("a", "DET"), T(pick(["day", "week", "month", "year"]), "NOUN")]
    if r < 0.88:
        return [T("after", "ADP"), T(pick(["school", "work", "dinner", "lunch"]), "NOUN")]
    return [T("before", "ADP"), T(pick(["breakfast", "work", "school"]), "NOUN")]


def tnow_toks():
    r = RNG.random()
    if r < 0.3:
        return [T("now", "ADV")]
    if r < 0.45:
        return [T("right", "ADV"), T("now", "ADV")]
    if r < 0.6:
        return [T("at", "ADP"), T("the", "DET"), T("moment", "NOUN")]
    if r < 0.8:
        return [T("today", "NOUN")]
    return [T("this", "DET"), T(pick(["week", "morning", "evening", "afternoon"]), "NOUN")]


def time_for(tense):
    if tense in ("past", "pastprog", "pastperf"):
        return tpast_toks()
    if tense in ("fut", "goingto"):
        return tfut_toks()
    if tense == "prog":
        return tnow_toks()
    if tense == "pres":
        return thab_toks()
    if tense == "modal":
        return tfut_toks() if chance(0.5) else thab_toks()
    return []


# ============================================================================
# 4. clauses
# ============================================================================

def parse_frame(f):
    """-> (kind, subject_spec, arg)."""
    if f == "i":
        return ("i", "h", None)
    if f == "ia":
        return ("i", "a", None)
    if f.startswith("i@"):
        s = f[2:]
        return ("i", "it" if s == "it" else "@" + s, None)
    if f == "m":
        return ("m", "h", None)
    if f.startswith("m@"):
        return ("m", "@" + f[2:], None)
    if f.startswith("t:"):
        return ("t", "h", f[2:].split(","))
    if f.startswith("ta:"):
        return ("t", "a", f[3:].split(","))
    if f.startswith("t@"):
        sg, og = f[2:].split(":")
        return ("t", "@" + sg, og.split(","))
    if f.startswith("d:"):
        return ("d", "h", f[2:].split(","))
    if f == "c":
        return ("c", "h", None)
    if f == "n":
        return ("n", "h", None)
    if f.startswith("p:"):
        _, prep, g = f.split(":")
        return ("p", "h", (prep, g.split(",")))
    if f == "a":
        return ("a", "h", None)
    if f == "k":
        return ("k", "h", None)
    raise ValueError(f)


FRAMES = []            # (verb, parsed frame, weight)
OBJ_VERBS = {}         # object group -> [(verb, subject spec)]
for _v in VERBS:
    for _f in _v.frames:
        _p = parse_frame(_f)
        FRAMES.append((_v, _p, _v.w / max(1, len(_v.frames)) * (1 if _p[0] != "i" or _p[1] != "it" else 1)))
        if _p[0] == "t":
            for _g in _p[2]:
                OBJ_VERBS.setdefault(_g, []).append((_v, _p[1]))


def pick_frame(kinds=None, subj_ok=None, exclude_stative=False, imperative=False):
    cands = []
    for v, f, w in FRAMES:
        if kinds and f[0] not in kinds:
            continue
        if subj_ok and f[1] not in subj_ok:
            continue
        if exclude_stative and v.base in STATIVE:
            continue
        if imperative and v.base in NO_IMPERATIVE:
            continue
        cands.append(((v, f), w))
    return wpick(cands)


def pred_adj(cls, noun=None):
    if cls == "person":
        a = wword(ADJ_BY_CLASS["person"] + words("ready sure afraid awake asleep alone late early hungry thirsty"))
    elif noun:
        a = adj_for(noun, cls)
    else:
        a = wword(ADJ_BY_CLASS.get(cls, ADJ_BY_CLASS["thing"]))
    toks = []
    if chance(0.22) and a not in ("asleep", "awake", "alone", "afraid", "ready", "sure"):
        toks.append(T(wword(DEGREE), "ADV"))
    toks.append(T(a, "ADJ"))
    return toks


FEEL_ADJS = words("""happy sad tired hungry angry calm nervous lucky proud shy cold warm sick
    better fine sleepy safe lonely strong weak thirsty bored~ dizzy~""")


def complement(v, f, ctx, depth):
    kind, _, arg = f
    if kind == "t":
        if arg == ["body"]:
            return [T(ctx["poss"], "PRON"), T(wword(GROUPS["body"]), "NOUN")]
        return obj_np(arg, ctx, depth)
    if kind == "d":
        g = arg
        sub = dict(ctx)
        theme, _ = np(g, sub, mode="any", adj=0.25)
        rec = object_person(ctx)
        if chance(0.7):
            return rec + theme
        return theme + [T("to", "ADP")] + rec
    if kind == "c":
        sub = new_ctx()
        t = []
        if chance(0.6):
            t.append(T("that", "SCONJ"))
        return t + finite_clause(sub, tense=pick(["past", "pres", "fut", "prog", "modal"]), depth=depth + 1, adjuncts=chance(0.4))
    if kind == "n":
        return [T("to", "PART")] + vp_base(new_ctx_from(ctx), depth + 1)
    if kind == "p":
        prep, g = arg
        if "person" in g and chance(0.5):
            return [T(prep, "ADP")] + object_person(ctx)
        return [T(prep, "ADP")] + np([x for x in g if x != "person"] or g, ctx, mode="any")[0]
    if kind == "a":
        cls = ctx.get("cls", "person")
        if v.base in ("taste", "smell") and cls == "person":
            return [T(pick(["good", "great", "strange", "wonderful", "awful"]), "ADJ")]
        if v.base == "sound":
            return [T(pick(["good", "great", "strange", "fun", "easy", "hard", "perfect"]), "ADJ")]
        if v.base == "feel" and cls == "person":
            return [T(pick(FEEL_ADJS), "ADJ")]
        return pred_adj(cls)
    if kind == "k":
        if ctx.get("cls") == "person":
            return [T("like", "ADP")] + (poss_toks(allow_np=False) + [T(pick(["mother", "father", "sister", "brother", "uncle", "aunt", "grandmother"]), "NOUN")]
                                          if chance(0.5) else [T("a", "DET"), T(pick(["pilot", "king", "queen", "doctor", "tourist", "painter", "sailor", "cowboy", "ghost"]), "NOUN")])
        return [T("like", "ADP"), T("a", "DET"), T(pick(["toy", "ball", "box", "hat", "cloud", "rock", "snake"]), "NOUN")]
    if kind == "m":
        return dir_toks() if chance(0.85) else []
    return []


def new_ctx_from(ctx):
    c = new_ctx()
    c.update({k: ctx[k] for k in ("agr", "poss", "cls", "subj_pron")})
    return c


WATER_VERBS = set("fish swim sail row float sink".split())


def water_loc():
    return [T(pick(["in", "on", "at", "near"]), "ADP"), T("the", "DET"),
            T(pick(["river", "lake", "sea", "pond", "harbor", "bay", "coast"]), "NOUN")]


def adjuncts_for(f, tense, depth, verb=None):
    kind = f[0]
    out = []
    if verb is not None and verb.base in WATER_VERBS:
        if chance(0.6 if depth == 0 else 0.3):
            out += water_loc()
        if chance(0.3 if depth == 0 else 0.1):
            out += time_for(tense)
        return out
    p_loc = {"i": 0.55, "m": 0.0, "t": 0.35}.get(kind, 0.15)
    p_time = {"i": 0.45, "m": 0.45, "t": 0.4}.get(kind, 0.3)
    if depth > 0:
        p_loc *= 0.4
        p_time *= 0.4
    if kind == "i" and f[1] in ("h", "a") and chance(0.22 if depth == 0 else 0.05):
        out.append(T(wword(MANNER), "ADV"))
    if f[1] == "it":      # weather verbs: "It rained in Oslo yesterday."
        if chance(p_loc):
            out += [T("in", "ADP")] + city_toks()
    elif chance(p_loc):
        out += loc_toks()
    if chance(p_time):
        out += time_for(tense)
    return out


MODALS = ["can", "could", "should", "must", "might", "may", "would"]
NEG_CONTRACT = {"do": "do", "does": "does", "did": "did", "is": "is", "are": "are",
                "was": "was", "were": "were", "has": "has", "have": "have", "had": "had",
                "will": "wo", "can": "ca", "could": "could", "should": "should",
                "would": "would", "must": "must"}
SUBJ_CONTRACT = {"am": "'m", "is": "'s", "are": "'re", "will": "'ll", "have": "'ve"}


def choose_tense(v, f, question=False):
    opts = [("pres", 25), ("past", 30), ("prog", 10), ("pastprog", 3), ("fut", 10),
            ("modal", 12), ("perf", 6), ("goingto", 4), ("pastperf", 1)]
    if v.base in STATIVE:
        opts = [o for o in opts if o[0] not in ("prog", "pastprog", "goingto")]
    return wpick(opts)


def verb_group(v, tense, agr):
    """-> (aux forms list, main verb tokens)"""
    if tense == "pres":
        return [], [T(pres_form(v, agr), "VERB", v.base)]
    if tense == "past":
        return [], [T(v.past, "VERB", v.base)]
    if tense == "prog":
        return [be_form(agr)], [T(v.ing, "VERB", v.base)]
    if tense == "pastprog":
        return [be_form(agr, True)], [T(v.ing, "VERB", v.base)]
    if tense == "fut":
        return ["will"], [T(v.base, "VERB", v.base)]
    if tense == "modal":
        return [pick(MODALS)], [T(v.base, "VERB", v.base)]
    if tense == "modalq":
        return [pick(["can", "could", "should", "would", "will"])], [T(v.base, "VERB", v.base)]
    if tense == "perf":
        return ["has" if agr == "3s" else "have"], [T(v.pp, "VERB", v.base)]
    if tense == "pastperf":
        return ["had"], [T(v.pp, "VERB", v.base)]
    if tense == "goingto":
        return [be_form(agr)], [T("going", "VERB", "go"), T("to", "PART"), T(v.base, "VERB", v.base)]
    raise ValueError(tense)


def assemble(subj, agr, v, tense, neg, question, rest, freq=None, aux_override=None):
    """Subject + verb group + rest, with negation / question / contraction."""
    auxes, main = aux_override if aux_override else verb_group(v, tense, agr)
    auxes = list(auxes)
    if (neg or question) and not auxes:
        auxes = ["does" if (tense == "pres" and agr == "3s") else ("do" if tense == "pres" else "did")]
        main = [T(v.base, "VERB", v.base)]
    aux_toks = [T(a, "AUX") for a in auxes]
    neg_toks = []
    if neg:
        a0 = auxes[0]
        if a0 in NEG_CONTRACT and not question and chance(0.35):
            aux_toks[0] = T(NEG_CONTRACT[a0], "AUX", glue=True)
            neg_toks = [T("n't", "PART")]
        elif a0 == "can" and chance(0.6):
            aux_toks[0] = T("can", "AUX", glue=True)
            neg_toks = [T("not", "PART")]
        else:
            neg_toks = [T("not", "PART")]
    freq_toks = [T(freq, "ADV")] if freq else []
    if question:
        if not aux_toks:
            raise ValueError("question without aux")
        return [aux_toks[0]] + subj + neg_toks + aux_toks[1:] + main + rest
    # optional subject contraction (I'm, she's, they'll ...)
    if (aux_toks and len(subj) == 1 and subj[0][1] == "PRON" and not (neg_toks and neg_toks[0][0] == "n't")
            and auxes[0] in SUBJ_CONTRACT and chance(0.18)):
        a0 = auxes[0]
        if not (a0 == "have" and v is None):
            subj = [T(subj[0][0], "PRON", glue=True)]
            aux_toks[0] = T(SUBJ_CONTRACT[a0], "AUX", AUX_LEMMA[SUBJ_CONTRACT[a0]])
    if aux_toks:
        return subj + [aux_toks[0]] + neg_toks + freq_toks + aux_toks[1:] + main + rest
    return subj + freq_toks + main + rest


def finite_clause(ctx=None, tense=None, neg=False, question=False, verb=None, frame=None,
                  depth=0, adjuncts=True, subj_agree=None, kinds=None, subj_toks=None):
    if ctx is None:
        ctx = new_ctx()
    if verb is None:
        verb, frame = pick_frame(kinds=kinds)
    elif frame is None:
        frame = parse_frame(pick(verb.frames))
    if subj_toks is None:
        subj_toks = subject(frame[1], ctx, agree=subj_agree)
    if tense is None:
        tense = choose_tense(verb, frame, question)
    if question and tense in ("modal", "goingto", "pastperf"):
        tense = "modalq"
    if verb.base in STATIVE and tense in ("prog", "pastprog", "goingto"):
        tense = "pres"
    rest = complement(verb, frame, ctx, depth)
    if adjuncts:
        rest = rest + adjuncts_for(frame, tense, depth, verb)
    freq = None
    if not neg and not question and tense in ("pres", "past", "perf", "modal") and chance(0.1 if depth == 0 else 0.04):
        freq = wword(FREQ)
    return assemble(subj_toks, ctx["agr"], verb, tense, neg, question, rest, freq)


def vp_base(ctx, depth=0, verb=None, frame=None, imperative=False, adjuncts=True):
    if verb is None:
        verb, frame = pick_frame(subj_ok=("h", "a"), imperative=imperative,
                                 kinds=("t", "i", "m", "d", "p", "n") if depth < 1 else ("t", "i", "m", "p", "d"))
    elif frame is None:
        frame = parse_frame(pick(verb.frames))
    toks = [T(verb.base, "VERB", verb.base)] + complement(verb, frame, ctx, depth)
    if adjuncts:
        toks += adjuncts_for(frame, "modal", depth + (0 if imperative else 1), verb)
    return toks


def rel_clause(head, group, number):
    agr = "3s" if number == "sg" else "3p"
    if noun_class(head) == "person":
        pr = "who" if chance(0.6) else "that"
        if chance(0.55):   # subject gap
            v, f = pick_frame(kinds=("t", "i", "m"), subj_ok=("h", "a"))
            ctx = new_ctx()
            ctx.update(agr=agr, cls="person", poss="their" if agr == "3p" else pick(["his", "her"]))
            tense = pick(["pres", "past", "past", "perf"])
            rest = complement(v, f, ctx, 2)
            if f[0] == "i" and chance(0.6):
                rest += loc_toks()
            return [T(pr, "PRON")] + assemble([], agr, v, tense, False, False, rest)
        cands = OBJ_VERBS.get("person", [])
        v, _ = pick(cands)
        ctx = new_ctx()
        s = subject("h", ctx)
        return [T(pr, "PRON")] + assemble(s, ctx["agr"], v, pick(["past", "past", "pres", "perf"]), False, False, [])
    cands = []
    for g, lst in OBJ_VERBS.items():
        if g == group or head in ALL_GROUPS.get(g, []):
            cands += [x for x in lst if x[1] in ("h", "a")]
    if not cands:
        return []
    v, sspec = pick(cands)
    ctx = new_ctx()
    s = subject(sspec if sspec != "a" else "h", ctx)
    pr = "that" if chance(0.65) else "which"
    rest = []
    if chance(0.3):
        rest = tpast_toks()
    return [T(pr, "PRON")] + assemble(s, ctx["agr"], v, "past" if rest or chance(0.6) else pick(["pres", "perf"]), False, False, rest)


# ============================================================================
# 5. general sentence templates
# ============================================================================

def P(p="."):
    return [T(p, "PUNCT")]


def s_decl():
    toks = finite_clause()
    r = RNG.random()
    if r < 0.25:
        toks = toks + [T(pick(["because", "while", "although", "after", "before", "when"]), "SCONJ")] + finite_clause(tense=pick(["past", "pres"]), depth=1)
    elif r < 0.45:
        toks = toks + [T(",", "PUNCT"), T(pick(["and", "but"]), "CCONJ")] + finite_clause(depth=1)
    return toks + P()


def s_neg():
    return finite_clause(neg=True) + P()


def s_yn():
    return finite_clause(question=True, tense=wpick([("pres", 4), ("past", 4), ("prog", 2), ("fut", 1.5), ("modalq", 2), ("perf", 1)])) + P("?")


def s_wh():
    r = RNG.random()
    ctx = new_ctx()
    if r < 0.38:   # object question
        v, f = pick_frame(kinds=("t",), subj_ok=("h",))
        g = pick(f[2])
        if g == "person":
            wh = [T("Who", "PRON")]
        else:
            q = RNG.random()
            n, mass = noun_info(g)
            if q < 0.45 or g == "the_instrument":
                wh = [T("What", "PRON")]
            elif q < 0.7:
                wh = [T(pick(["Which", "What"]), "DET"), T(n, "NOUN")]
            elif q < 0.85 and not mass:
                wh = [T("How", "ADV"), T("many", "ADJ"), T(plural(n), "NOUN", n)]
            else:
                wh = [T("Which", "DET"), T(n if chance(0.6) or mass else plural(n), "NOUN", n)]
        s = subject(f[1], ctx)
        tense = wpick([("pres", 3), ("past", 4), ("prog", 1.5), ("fut", 1), ("modalq", 1.5), ("perf", 0.5)])
        if v.base in STATIVE and tense == "prog":
            tense = "pres"
        rest = []
        if chance(0.3):
            rest = time_for(tense if tense != "modalq" else "fut")
        return wh + assemble(s, ctx["agr"], v, tense, False, True, rest) + P("?")
    if r < 0.55:   # subject question
        v, f = pick_frame(kinds=("t", "i", "m"), subj_ok=("h",))
        ctx.update(agr="3s", cls="person", poss=pick(["his", "her"]))
        tense = wpick([("pres", 2), ("past", 4), ("fut", 1), ("perf", 1)])
        rest = complement(v, f, ctx, 0) + (adjuncts_for(f, tense, 1, v) if chance(0.4) else [])
        return [T("Who", "PRON")] + assemble([], "3s", v, tense, False, False, rest) + P("?")
    if r < 0.82:   # adverbial question
        wh = pick(["Where", "When", "Why", "How", "Where", "When"])
        v, f = pick_frame(kinds=("t", "i", "m", "p"), subj_ok=("h", "a"))
        s = subject(f[1], ctx)
        tense = wpick([("pres", 3), ("past", 4), ("prog", 1.5), ("fut", 1.5), ("modalq", 1.5)])
        if v.base in STATIVE and tense == "prog":
            tense = "pres"
        rest = complement(v, f, ctx, 1)
        if f[0] == "m" and wh == "Where":
            rest = []
        return [T(wh, "ADV")] + assemble(s, ctx["agr"], v, tense, False, True, rest) + P("?")
    # copular questions
    q = RNG.random()
    if q < 0.3:
        toks, info = np("thing,animal,vehicle,person,place", ctx, mode="def", adj=0.2)
        be = be_form(info["agr"], chance(0.3))
        return [T("Where", "ADV"), T(be, "AUX")] + toks + P("?")
    if q < 0.5:
        toks, info = np("person,thing,animal,vehicle,place", ctx, mode="def", adj=0.3)
        a = pick(["old", "big", "tall", "heavy", "long", "far", "deep", "fast"])
        return [T("How", "ADV"), T(a, "ADJ"), T(be_form(info["agr"]), "AUX")] + toks + P("?")
    if q < 0.65:
        return [T("What", "PRON"), T(pick(["is", "was"]), "AUX"), T(pick(["this", "that"]), "PRON")] + P("?")
    if q < 0.8:
        toks, info = np("person", ctx, mode="def", adj=0.3, number="sg")
        return [T("Who", "PRON"), T(pick(["is", "was"]), "AUX")] + toks + P("?")
    toks, info = np("thing,vehicle,animal", ctx, mode="def", adj=0.0)
    return [T("What", "DET"), T(pick(["color", "size", "kind"]), "NOUN"), T(be_form(info["agr"]), "AUX")] + toks + P("?")


def s_imp():
    ctx = new_ctx()
    ctx.update(agr="2", poss="your", cls="person", subj_pron="you")
    vp = vp_base(ctx, 0, imperative=True)
    r = RNG.random()
    end = P("!") if chance(0.25) else P()
    if r < 0.45:
        return vp + end
    if r < 0.58:
        return [T("Please", "INTJ")] + vp + P()
    if r < 0.64:
        return vp + [T(",", "PUNCT"), T("please", "INTJ")] + P()
    if r < 0.76:
        if chance(0.4):
            return [T("Do", "AUX", glue=True), T("n't", "PART")] + vp + end
        return [T("Do", "AUX"), T("not", "PART")] + vp + end
    if r < 0.84:
        return [T(pick(["Never", "Always"]), "ADV")] + vp + P()
    if r < 0.94:
        return name_tok()[0] + [T(",", "PUNCT")] + vp + end
    return [T("Let", "VERB"), T(pick(["me", "us", "them", "him", "her"]), "PRON")] + vp + P()


COP_TENSES = [("pres", 5), ("past", 4), ("fut", 1), ("modal", 1), ("perf", 0.7)]


def copula_aux(tense, agr, question=False):
    if tense == "pres":
        return [be_form(agr)]
    if tense == "past":
        return [be_form(agr, True)]
    if tense == "fut":
        return ["will", "be"]
    if tense == "modal":
        return [pick(["can", "could", "should", "would", "will"] if question else ["might", "could", "must", "should", "may", "can"]), "be"]
    if tense == "perf":
        return ["has" if agr == "3s" else "have", "been"]
    raise ValueError(tense)


def s_cop(question=None, neg=None):
    ctx = new_ctx()
    r = RNG.random()
    if r < 0.1:
        p = pick(["this", "that", "it"])
        subj = [T(p, "PRON")]
        ctx.update(agr="3s", cls="thing")
        comp_kind = "np_thing"
    elif r < 0.55:
        subj = subject("h", ctx)
        comp_kind = wpick([("adj", 6), ("np_person", 2), ("loc", 2), ("from", 1)])
    else:
        grp = pick(["animal", "thing", "place", "vehicle", "event", "fruit", "food_mass", "drink", "abstract"])
        toks, info = np(grp, ctx, mode=pick(["any", "def", "def"]), adj=0.15)
        subj = toks
        ctx.update(agr=info["agr"], cls=info["cls"])
        comp_kind = wpick([("adj", 7), ("loc", 2 if grp in ("animal", "thing", "vehicle") else 0.2)])
    question = chance(0.18) if question is None else question
    neg = (not question and chance(0.15)) if neg is None else neg
    tense = wpick(COP_TENSES)
    aux = copula_aux(tense, ctx["agr"], question)
    if comp_kind == "adj":
        rest = pred_adj(ctx["cls"], ctx.get("last_noun") if ctx["cls"] != "person" else None)
        if chance(0.08):
            rest = rest + [T("and", "CCONJ")] + pred_adj(ctx["cls"], ctx.get("last_noun") if ctx["cls"] != "person" else None)
            if rest[0][0] == rest[-1][0]:
                rest = rest[:1]
    elif comp_kind == "np_person":
        num = "pl" if ctx["agr"] in ("1p", "3p") or (ctx["agr"] == "2" and chance(0.3)) else "sg"
        if ctx["agr"] == "2" and num == "sg":
            num = "sg"
        if chance(0.4):
            rest = poss_toks(allow_np=False) + [T(pick(["friend", "neighbor", "teacher", "doctor", "coach", "boss", "hero"]) if num == "sg" else pick(["friends", "neighbors", "teachers", "heroes", "guests"]), "NOUN")]
        else:
            rest = np("person", ctx, number=num, mode="indef", adj=0.3)[0]
    elif comp_kind == "np_thing":
        rest = np("thing,animal,vehicle,place,abstract,event", ctx, number="sg", mode=pick(["indef", "def"]), adj=0.35, rel=0.15)[0]
    elif comp_kind == "loc":
        rest = loc_toks()
    else:
        rest = [T("from", "ADP")] + city_toks()
    if not question and chance(0.35):
        rest += time_for({"pres": "pres", "past": "past", "fut": "fut", "modal": "modal", "perf": "perf"}[tense])
    toks = assemble(subj, ctx["agr"], None, None, neg, question, rest, aux_override=(aux, []))
    return toks + P("?" if question else ".")


def s_exist():
    ctx = new_ctx()
    grp = pick(["animal", "thing", "person", "fruit", "vehicle", "event", "food_mass", "drink", "place"])
    r = RNG.random()
    if r < 0.15:
        toks, info = np(grp, ctx, mode="none", adj=0.3)
        det = [T("no", "DET")]
        toks = det + toks
    else:
        toks, info = np(grp, ctx, mode="indef", adj=0.3, pp=0.0)
        if grp in MASS_GROUPS and chance(0.5) and not any(t[0] in ("some",) for t in toks):
            toks = [T("some", "DET")] + [t for t in toks if t[0] != "some"]
    tense = wpick([("pres", 6), ("past", 4), ("fut", 1)])
    aux = copula_aux(tense, info["agr"])
    question = chance(0.15) and r >= 0.15
    rest = toks
    if grp == "event":
        rest = rest + (time_for(tense) if chance(0.7) else loc_toks())
    elif grp != "place" or chance(0.5):
        rest = rest + loc_toks()
    neg = not question and r >= 0.15 and chance(0.1)
    if neg:
        rest = [t if t[0] != "some" else T("any", "DET") for t in rest]
    out = assemble([T("there", "PRON")], info["agr"], None, None, neg, question, rest, aux_override=(aux, []))
    return out + P("?" if question else ".")


def s_comp():
    return finite_clause(kinds=("c",)) + P()


def s_inf():
    return finite_clause(kinds=("n",), neg=chance(0.1)) + P()


def s_coord():
    r = RNG.random()
    if r < 0.55:
        tense = pick(["past", "pres", "past", "fut"])
        c1 = finite_clause(tense=tense, adjuncts=chance(0.5))
        c2 = finite_clause(tense=tense if chance(0.8) else None, adjuncts=chance(0.5), neg=chance(0.15))
        cc = wpick([("and", 5), ("but", 3), ("or", 1), ("so", 0)])
        comma = [T(",", "PUNCT")] if chance(0.6) else []
        return c1 + comma + [T(cc, "CCONJ")] + c2 + P()
    # shared subject: "She opened the door and saw a fox."
    ctx = new_ctx()
    v1, f1 = pick_frame(kinds=("t", "i", "m"), subj_ok=("h",))
    v2, f2 = pick_frame(kinds=("t", "i", "m"), subj_ok=("h",))
    s = subject("h", ctx)
    tense = pick(["past", "past", "pres"])
    c1 = assemble(s, ctx["agr"], v1, tense, False, False, complement(v1, f1, ctx, 1))
    m2 = [T(v2.past if tense == "past" else pres_form(v2, ctx["agr"]), "VERB", v2.base)]
    c2 = m2 + complement(v2, f2, ctx, 1) + adjuncts_for(f2, tense, 1, v2)
    return c1 + [T(pick(["and", "and", "but"]), "CCONJ")] + c2 + P()


SUB_ANY = ["because", "although", "while", "since", "though"]
SUB_TIME = ["if", "when", "before", "after", "until", "unless", "once"]


def s_sub():
    main_t = pick(["past", "pres", "fut", "past", "modal"])
    if chance(0.5):
        sc = pick(SUB_TIME)
        sub_t = {"past": "past", "pres": "pres", "fut": "pres", "modal": "pres"}[main_t]
        if sc == "if" and main_t == "past":
            sc = pick(["when", "after", "before"])
    else:
        sc = pick(SUB_ANY)
        sub_t = {"past": pick(["past", "pastprog"]), "pres": pick(["pres", "prog"]), "fut": pick(["pres", "prog"]), "modal": "pres"}[main_t]
    main = finite_clause(tense=main_t, adjuncts=chance(0.4), neg=chance(0.1))
    sub = finite_clause(tense=sub_t, adjuncts=chance(0.4), depth=1)
    if chance(0.65):
        return main + [T(sc, "SCONJ")] + sub + P()
    return [T(sc, "SCONJ")] + sub + [T(",", "PUNCT")] + main + P()


def s_front():
    r = RNG.random()
    if r < 0.35:
        tense = "past"
        fr = tpast_toks()
    elif r < 0.55:
        tense = pick(["fut", "goingto"])
        fr = tfut_toks()
    elif r < 0.7:
        tense = "pres"
        fr = thab_toks()
    elif r < 0.85:
        tense = "past"
        fr = [T(pick(["Suddenly", "Luckily", "Finally", "Later", "Then", "Sadly", "Slowly", "Quietly", "Unfortunately", "Surprisingly"]), "ADV")]
    else:
        tense = pick(["past", "pres"])
        fr = loc_toks()
        if fr[0][1] == "ADV":
            fr = [T("in", "ADP")] + city_toks()
    comma = [T(",", "PUNCT")] if chance(0.75) else []
    return fr + comma + finite_clause(tense=tense, adjuncts=False) + P()


INTJS = ["oh", "wow", "yes", "no", "hey", "oops", "ah", "well", "okay", "hmm", "ouch", "hooray~", "alas~", "yikes~", "phew~"]


def s_intj():
    i = wword(words(" ".join(INTJS)))
    r = RNG.random()
    if i in ("yes", "no") and r < 0.3:
        if i == "yes":
            return [T("Yes", "INTJ"), T(",", "PUNCT"), T("please", "INTJ")] + P()
        return [T("No", "INTJ"), T(",", "PUNCT"), T("thank", "VERB"), T("you", "PRON")] + P()
    if i in ("hey", "oh") and r < 0.3:
        return [T(i, "INTJ"), T(",", "PUNCT")] + name_tok()[0] + P("!")
    if r < 0.55:
        body = finite_clause(adjuncts=chance(0.5), neg=(i == "no"))
        return [T(i, "INTJ"), T(",", "PUNCT")] + body + P("!" if i in ("wow", "ouch", "oops", "hooray", "yikes", "hey") else ".")
    if r < 0.8:
        body = s_cop(question=False)
        return [T(i, "INTJ"), T(",", "PUNCT")] + body
    body = s_yn() if chance(0.5) else s_wh()
    return [T(i, "INTJ"), T(",", "PUNCT")] + body


def s_pass():
    cands = [(v, f) for v, f, _ in FRAMES if f[0] == "t" and f[1] in ("h", "a")
             and not any(g in ("person", "body", "the_instrument", "sport", "subject", "time", "homework") for g in f[2])
             and v.base not in STATIVE and v.base not in ("do", "have", "rock", "lift", "enjoy")]
    v, f = pick(cands)
    ctx = new_ctx()
    toks, info = np(f[2], ctx, mode=pick(["def", "any"]), adj=0.25)
    tense = wpick([("past", 5), ("pres", 2), ("perf", 1.5), ("fut", 1), ("modal", 0.7)])
    agr = info["agr"]
    if tense == "past":
        aux = [be_form(agr, True)]
    elif tense == "pres":
        aux = [be_form(agr)]
    elif tense == "perf":
        aux = ["has" if agr == "3s" else "have", "been"]
    elif tense == "fut":
        aux = ["will", "be"]
    else:
        aux = [pick(["must", "should", "can", "might"]), "be"]
    rest = [T(v.pp, "VERB", v.base)]
    agent = chance(0.45)
    if agent:
        rest += [T("by", "ADP")] + (subject("h", new_ctx(), allow_pron=False, coord=False) if f[1] == "h" else subject("a", new_ctx(), allow_pron=False))
    if chance(0.35) and not (agent and tense == "perf"):
        rest += time_for(tense if tense != "perf" else "past") if tense != "perf" else loc_toks()
    neg = chance(0.1)
    return assemble(toks, agr, None, None, neg, False, rest, aux_override=(aux, [])) + P()


def s_compar():
    ctx = new_ctx()
    r = RNG.random()
    if r < 0.45:
        grp = pick(["person", "animal", "vehicle", "thing", "place"])
        a, b = np(grp, ctx, mode="def", adj=0.0)[0], None
        info_n = ctx["last_noun"]
        agr = "3p" if a[-1][0] != info_n else "3s"
        bases = [x for x in COMPARATIVES if x not in ("good", "bad", "close") and (x not in ADJ_ONLY or True)]
        if grp == "person":
            bases = ["old", "young", "tall", "happy", "strong", "quiet", "busy"]
        elif grp == "animal":
            bases = ["big", "small", "old", "young", "fast", "slow", "heavy", "strong", "quiet"]
        elif grp == "place":
            bases = ["big", "small", "old", "quiet", "busy", "clean", "dark", "cold", "warm"]
        base = pick(bases)
        if chance(0.5):
            other = np(grp, ctx, mode="def", adj=0.0)[0]
        else:
            other = name_tok()[0] if grp == "person" else [T(pick(["mine", "yours", "ours", "theirs"]), "PRON")]
        return a + [T(be_form(agr, chance(0.3)), "AUX"), T(COMPARATIVES[base][0], "ADJ", base), T("than", "ADP")] + other + P()
    if r < 0.65:
        grp = pick(["thing", "place", "vehicle", "event"])
        a = np(grp, ctx, mode="def", adj=0.0)[0]
        agr = "3s" if a[-1][0] == ctx["last_noun"] else "3p"
        b = np(grp, ctx, mode="def", adj=0.0)[0]
        adjs = {"thing": "expensive useful beautiful fragile", "place": "beautiful famous dangerous interesting expensive",
                "vehicle": "expensive comfortable useful dangerous", "event": "interesting important difficult exciting"}[grp].split()
        return a + [T(be_form(agr), "AUX"), T(pick(["more", "less"]), "ADV"), T(pick(adjs), "ADJ"), T("than", "ADP")] + b + P()
    if r < 0.85:
        s = subject("h", ctx)
        v = VERB_BY_BASE[pick(["run", "swim", "walk", "drive", "sing", "work", "read", "dance", "speak"])]
        adv = pick([("faster", "fast"), ("harder", "hard"), ("slower", "slow"), ("better", "well"), ("louder", "loud"), ("earlier", "early")])
        main = [T(v.past if chance(0.5) else pres_form(v, ctx["agr"]), "VERB", v.base)]
        return s + main + [T(adv[0], "ADV", adv[1]), T("than", "ADP")] + (name_tok()[0] if chance(0.6) else [T(pick(["me", "him", "her", "us", "them"]), "PRON")]) + P()
    grp = pick(["person", "animal", "place", "vehicle"])
    bases = {"person": ["tall", "old", "young", "strong", "happy"], "animal": ["big", "small", "fast", "old"],
             "place": ["big", "old", "quiet", "busy"], "vehicle": ["fast", "old", "big", "cheap"]}[grp]
    base = pick(bases + ["good"])
    n = {"person": pick(["student", "player", "child", "singer", "runner", "worker"]), "animal": "animal",
         "place": pick(["place", "building", "street", "park"]), "vehicle": pick(["car", "boat", "train", "bus"])}[grp]
    if grp == "person":
        s = subject("h", ctx)
    elif grp == "vehicle":
        s = np(grp, ctx, mode="def", adj=0)[0]
        if ctx["last_noun"] == n:
            n = "vehicle"
    else:
        s = np(grp, ctx, mode="def", adj=0)[0]
    agr = ctx["agr"] if grp == "person" else ("3s" if s[-1][0] == ctx["last_noun"] else "3p")
    loc = [T("in", "ADP")] + (city_toks() if grp != "person" else [T("the", "DET"), T(pick(["class", "team", "family", "village", "world", "school"]), "NOUN")])
    return s + [T(be_form(agr, chance(0.3)), "AUX"), T("the", "DET"), T(COMPARATIVES[base][1], "ADJ", base),
                T(n if agr in ("1s", "2", "3s") else plural(n), "NOUN", n)] + loc + P()


def money():
    if chance(0.7):
        return [T("$", "SYM", glue=True), T(str(RNG.choice([2, 3, 4, 5, 8, 10, 12, 15, 20, 25, 30, 40, 50, 99, 100, 250])), "NUM")]
    return [num_tok(), T(pick(["dollars", "euros", "pounds"]), "NOUN")]


def s_num():
    ctx = new_ctx()
    r = RNG.random()
    if r < 0.3:
        s = subject("h", ctx)
        n = wword(GROUPS[pick(["thing", "fruit", "wearable"])])
        k = num_tok()
        return s + [T("bought", "VERB", "buy"), k, T(plural(n), "NOUN", n), T("for", "ADP")] + money() + P()
    if r < 0.5:
        toks = np(pick(["thing", "wearable", "vehicle", "readable"]), ctx, number="sg", mode="def", adj=0.3)[0]
        return toks + [T(pick(["costs", "cost"]), "VERB", "cost")] + money() + P()
    if r < 0.65:
        g = pick(["students", "players", "guests", "workers", "children", "farmers", "tourists"])
        toks = [T(str(RNG.choice([10, 20, 25, 30, 40, 50, 60, 75, 80, 90])), "NUM"), T("%", "SYM"), T("of", "ADP"), T("the", "DET"), T(g, "NOUN")]
        c = finite_clause(subj_toks=toks, ctx=_ctx3p(), kinds=("t", "i", "m"), tense=pick(["past", "pres"]), adjuncts=chance(0.4))
        return c + P()
    if r < 0.75:
        a, b = RNG.randint(1, 9), RNG.randint(1, 9)
        op = pick(["+", "-", "x"])
        res = a + b if op == "+" else (a - b if op == "-" else a * b)
        if op == "x":
            op = "*"
        return [T(str(a), "NUM"), T(op, "SYM"), T(str(b), "NUM"), T("=", "SYM"), T(str(res), "NUM")] + P()
    if r < 0.85:
        s = subject("h", ctx, agree="3s" if chance(0.5) else None)
        return s + [T(be_form(ctx["agr"], True), "AUX"), T("born", "VERB", "bear"), T("in", "ADP"), T(str(RNG.randint(1950, 2020)), "NUM")] + P()
    if r < 0.92:
        return [T("Room", "NOUN", "room"), T(str(RNG.randint(2, 40)), "NUM"), T("is", "AUX"), T("on", "ADP"), T("the", "DET"),
                T(pick(["first", "second", "third", "fourth", "top"]), "ADJ"), T("floor", "NOUN")] + P()
    s = subject("h", ctx)
    return s + [T(pick(["left", "arrived", "called"]), "VERB"), T("on", "ADP"), T(pick(MONTHS), "PROPN"), T(str(RNG.randint(1, 28)), "NUM")] + P()


def _ctx3p():
    c = new_ctx()
    c.update(agr="3p", poss="their", cls="person")
    return c


def s_x():
    r = RNG.random()
    ctx = new_ctx()
    s = subject("h", ctx)
    foreign = pick([["carpe", "diem"], ["merci"], ["gracias"], ["danke"], ["arigato"], ["ciao"], ["hola"], ["au", "revoir"], ["bon", "appetit"], ["hasta", "luego"], ["salut"], ["jambo"]])
    ft = [T(w, "X") for w in foreign]
    if r < 0.4:
        return s + [T(pick(["said", "whispered", "shouted"]), "VERB")] + ft + [T("to", "ADP")] + object_person(ctx) + P()
    if r < 0.7:
        return s + [T("wrote", "VERB", "write")] + ft + [T("on", "ADP"), T("the", "DET"), T(pick(["wall", "card", "board", "cake", "door"]), "NOUN")] + P()
    return [T("The", "DET"), T(pick(["sign", "menu", "note", "label", "poster"]), "NOUN"), T("said", "VERB", "say")] + ft + P()


def s_voc():
    nm = name_tok()[0]
    body = s_yn() if chance(0.5) else finite_clause(adjuncts=chance(0.5)) + P()
    if chance(0.5):
        return nm + [T(",", "PUNCT")] + body
    return body[:-1] + [T(",", "PUNCT")] + nm + body[-1:]


def s_rel_subj():
    ctx = new_ctx()
    grp = pick(["person", "person", "thing", "animal", "readable", "vehicle", "fruit"])
    n = wword(GROUPS[grp])
    num = "sg" if chance(0.7) else "pl"
    head = [T("The", "DET")] + ([T(adj_for(n), "ADJ")] if chance(0.2) else []) + [T(n if num == "sg" else plural(n), "NOUN", n)]
    rc = rel_clause(n, grp, num)
    if not rc:
        return s_decl()
    agr = "3s" if num == "sg" else "3p"
    ctx.update(agr=agr, cls=noun_class(n), last_noun=n)
    if chance(0.55):
        tense = wpick(COP_TENSES[:3])
        rest = pred_adj(noun_class(n), n) if chance(0.7) else loc_toks()
        return head + rc + assemble([], agr, None, None, chance(0.1), False, rest, aux_override=(copula_aux(tense, agr), [])) + P()
    if noun_class(n) == "person":
        v, f = pick_frame(kinds=("t", "i", "m"), subj_ok=("h",))
    else:
        cands = [(v, f) for v, f, _ in FRAMES if f[0] == "i" and f[1].startswith("@") and n in ALL_GROUPS.get(f[1][1:], [])]
        if not cands:
            tense = wpick(COP_TENSES[:3])
            return head + rc + assemble([], agr, None, None, False, False, pred_adj(noun_class(n), n), aux_override=(copula_aux(tense, agr), [])) + P()
        v, f = pick(cands)
    tense = pick(["past", "pres", "fut"])
    rest = complement(v, f, ctx, 1) + adjuncts_for(f, tense, 1, v)
    return head + rc + assemble([], agr, v, tense, False, False, rest) + P()


def s_long():
    """Multi-clause sentence of roughly 15-40 tokens."""
    goal = RNG.randint(15, 38)
    parts = []
    if chance(0.4):
        parts += tpast_toks() + [T(",", "PUNCT")]
        tense = "past"
    else:
        tense = pick(["past", "pres"])
    ctx = new_ctx()
    v, f = pick_frame(kinds=("t", "d"), subj_ok=("h",))
    s = subject("h", ctx)
    rest = complement(v, f, ctx, 0)
    if f[0] == "t" and rest and rest[-1][1] == "NOUN" and chance(0.5):
        rest += rel_clause(rest[-1][2], f[2][0], "sg" if rest[-1][0] == rest[-1][2] else "pl")
    if chance(0.7):
        rest += loc_toks()
    parts += assemble(s, ctx["agr"], v, tense, False, False, rest)
    for _ in range(4):
        if len(parts) >= goal - 4:
            break
        r = RNG.random()
        if r < 0.4:
            sc = pick(["because", "although", "while", "before", "after", "since", "when"])
            parts += [T(sc, "SCONJ")] + finite_clause(tense=tense, adjuncts=True, depth=1)
        elif r < 0.75:
            parts += [T(",", "PUNCT"), T(pick(["and", "but", "and"]), "CCONJ")] + finite_clause(tense=tense, adjuncts=True, depth=1)
        else:
            v2, f2 = pick_frame(kinds=("t", "i", "m"), subj_ok=("h",))
            m2 = T(v2.past if tense == "past" else pres_form(v2, ctx["agr"]), "VERB", v2.base)
            parts += [T("and", "CCONJ"), m2] + complement(v2, f2, ctx, 1) + adjuncts_for(f2, tense, 0, v2)
    return parts + P()


GENERAL = [
    (s_decl, 18), (s_neg, 7), (s_yn, 8), (s_wh, 8), (s_imp, 8), (s_cop, 9), (s_exist, 4),
    (s_comp, 6), (s_inf, 6), (s_coord, 12), (s_sub, 12), (s_front, 6), (s_intj, 3), (s_pass, 3),
    (s_compar, 2), (s_num, 2), (s_voc, 1.5), (s_x, 0.3), (s_long, 11), (s_rel_subj, 3),
]


def general_sentence():
    return wpick(GENERAL)()


# ============================================================================
# 6. template mini-language (used by the focus frames)
# ============================================================================
# A template is a space-separated list of items:
#   form/TAG          literal token (lemma from the lexicon maps)
#   form/TAG/lemma    literal token with explicit lemma
#   (a|b|c)/TAG       one of several forms (optional "/(la|lb|lc)" lemmas)
#   item+             glue: no space after this token (e.g. "can/AUX+ not/PART")
#   {SLOT} {SLOT:arg} {SLOT?} {SLOT?:arg}   phrase slots, "?" = optional (50%)
#   . , ? ! ; :       bare punctuation (PUNCT)
# Agreement slots ({BE} {WAS} {HAVE} {DO} {VS:lemma} {PPOSS}) agree with the
# most recent subject slot.

def _set_subj(ctx):
    ctx["subj_done"] = True


def sl_subject(kind, agree=None):
    def f(ctx, arg):
        t = subject(kind if not arg else arg, ctx, agree=agree)
        _set_subj(ctx)
        return t
    return f


def sl_name(ctx, arg):
    toks, g = name_tok()
    if not ctx.get("subj_done"):
        ctx.update(agr="3s", poss=g, cls="person", subj_pron=None)
        _set_subj(ctx)
    return toks


def sl_np(number=None, mode="any"):
    def f(ctx, arg):
        toks, info = np(arg.split(","), ctx, number=number, mode=mode, adj=0.25)
        if not ctx.get("subj_done"):
            ctx.update(agr=info["agr"], poss="its" if info["agr"] == "3s" else "their", cls=info["cls"])
        return toks
    return f


def sl_n(pl=False):
    def f(ctx, arg):
        g = pick(arg.split(","))
        n, _ = noun_info(g)
        ctx["last_noun"] = n
        return [T(plural(n) if pl else n, "NOUN", n)]
    return f


def sl_adj(ctx, arg):
    if arg in (None, "", "@"):
        return [T(adj_for(ctx.get("last_noun", "thing")), "ADJ")]
    return [T(wword([a for a in ADJ_BY_CLASS[arg] if a not in ADJ_ONLY]), "ADJ")]


def sl_cl(tenses):
    def f(ctx, arg):
        return finite_clause(new_ctx(), tense=pick(tenses), adjuncts=chance(0.35), depth=1)
    return f


def sl_vpast(ctx, arg):
    v, fr = pick_frame(kinds=("t", "i", "m"), subj_ok=("h",))
    return [T(v.past, "VERB", v.base)] + complement(v, fr, ctx, 1)


def sl_vs(ctx, arg):
    base = pick(arg.split(","))
    return [T(pres_form(vforms(base), ctx["agr"]), "VERB", base)]


def sl_vpast_of(ctx, arg):
    base = pick(arg.split(","))
    return [T(vforms(base).past, "VERB", base)]


SLOTS = {
    "S": sl_subject("h"), "SQ": sl_subject("h"), "S3": sl_subject("h", "3s"),
    "SN": sl_subject("h", "non3"), "SA": sl_subject("a"),
    "OH": lambda c, a: object_person(c), "NAME": sl_name,
    "CITY": lambda c, a: city_toks(), "DAY": lambda c, a: [T(pick(DAYS), "PROPN")],
    "DAYS": lambda c, a: [T(pick(DAYS) + "s", "PROPN")], "MONTH": lambda c, a: [T(pick(MONTHS), "PROPN")],
    "NUM": lambda c, a: [num_tok()], "NUMW": lambda c, a: [num_tok(words_only=True)],
    "NUMD": lambda c, a: [num_tok(digits_only=True)], "CLOCK": lambda c, a: clock_toks(),
    "NP": sl_np(), "NPS": sl_np("sg"), "NPP": sl_np("pl"), "NPD": sl_np(None, "def"),
    "NPSD": sl_np("sg", "def"), "NPI": sl_np("sg", "indef"),
    "N": sl_n(False), "NS": sl_n(True), "ADJ": sl_adj,
    "POSS": lambda c, a: poss_toks(), "PPOSS": lambda c, a: [T(c["poss"], "PRON")],
    "PD": lambda c, a: [T("the", "DET")] if chance(0.5) else [T(pick(["my", "your", "his", "her", "our", "their"]), "PRON")],
    "TPAST": lambda c, a: tpast_toks(), "TFUT": lambda c, a: tfut_toks(), "THAB": lambda c, a: thab_toks(),
    "TNOW": lambda c, a: tnow_toks(), "LOC": lambda c, a: loc_toks(), "DIR": lambda c, a: dir_toks(),
    "MAN": lambda c, a: [T(wword(MANNER), "ADV")], "FREQ": lambda c, a: [T(wword(FREQ), "ADV")],
    "DEG": lambda c, a: [T(wword(DEGREE), "ADV")],
    "CL": sl_cl(["past", "pres", "fut", "prog"]), "CLP": sl_cl(["past"]), "CLPRES": sl_cl(["pres", "prog"]),
    "VP": lambda c, a: vp_base(new_ctx_from(c), 1), "VPAST": sl_vpast,
    "INF": lambda c, a: [T("to", "PART")] + vp_base(new_ctx_from(c), 1),
    "BE": lambda c, a: [T(be_form(c["agr"]), "AUX")], "WAS": lambda c, a: [T(be_form(c["agr"], True), "AUX")],
    "HAVE": lambda c, a: [T("has" if c["agr"] == "3s" else "have", "AUX")],
    "HAVEV": lambda c, a: [T("has" if c["agr"] == "3s" else "have", "VERB")],
    "DO": lambda c, a: [T("does" if c["agr"] == "3s" else "do", "AUX")],
    "VS": sl_vs, "VD": sl_vpast_of,
    "INTJ": lambda c, a: [T(pick(["oh", "wow", "well", "hey", "yes", "okay", "ah"]), "INTJ")],
    "END": lambda c, a: P("!") if chance(0.2) else P("."),
}

ITEM_RE = re.compile(r"^(?P<form>.+?)/(?P<tag>[A-Z]+|\([A-Z|]+\))(?:/(?P<lemma>.+?))?$")
SLOT_RE = re.compile(r"^\{(?P<name>[A-Z0-9]+)(?P<opt>\?)?(?::(?P<arg>[^}]*))?\}$")


def expand(template):
    ctx = new_ctx()
    out = []
    for raw in template.split():
        glue = False
        if raw.endswith("+") and len(raw) > 1:
            raw, glue = raw[:-1], True
        m = SLOT_RE.match(raw)
        if m:
            if m.group("opt") and chance(0.5):
                continue
            toks = SLOTS[m.group("name")](ctx, m.group("arg"))
            if glue and toks:
                toks[-1][3] = True
            out.extend(toks)
            continue
        if raw in (".", ",", "?", "!", ";", ":"):
            out.append(T(raw, "PUNCT", None, glue))
            continue
        m = ITEM_RE.match(raw)
        if not m:
            raise ValueError("bad template item %r in %r" % (raw, template))
        form, tag, lemma = m.group("form"), m.group("tag"), m.group("lemma")
        if form.startswith("(") and form.endswith(")") and "|" in form:
            alts = form[1:-1].split("|")
            i = RNG.randrange(len(alts))
            form = alts[i]
            if lemma and lemma.startswith("("):
                lemma = lemma[1:-1].split("|")[i]
            if tag.startswith("("):
                tag = tag[1:-1].split("|")[i]
        if tag == "NOUN" and lemma is None and form.lower() in NOUN_CLASS:
            ctx["last_noun"] = form.lower()
        out.append(T(form, tag, lemma, glue))
    return out


# ============================================================================
# 7. focus frames for ambiguous words
# ============================================================================
# "== word TAG [target]" starts the frames for one reading.

FOCUS_SRC = r"""
== saw VERB
{S} saw/VERB/see {NP:animal,vehicle,thing,place} {TPAST?} .
{S} saw/VERB/see {OH} {LOC} {TPAST?} .
Who/PRON saw/VERB/see {NPD:animal,vehicle,thing} {LOC?} ?
{S} saw/VERB/see that/SCONJ {CLP} .
{S} never/ADV saw/VERB/see {OH} again/ADV .
{S} saw/VERB/see a/DET {ADJ:animal} {N:animal} {LOC} .
I/PRON saw/VERB/see it/PRON with/ADP my/PRON own/ADJ eyes/NOUN .
{S} saw/VERB/see {NPP:flyanimal} (over|above)/ADP the/DET (lake|field|roof|river|trees)/NOUN .
When/SCONJ {S} saw/VERB/see the/DET {N:animal} , {S} (laughed|smiled|shouted|stopped)/VERB .

== saw NOUN
{S} bought/VERB/buy a/DET {ADJ?:thing} saw/NOUN {TPAST?} .
The/DET saw/NOUN (is|was)/AUX (sharp|rusty|heavy|old|new|dull|broken)/ADJ .
{S} cut/VERB the/DET (branch|log|board|plank|pipe)/NOUN with/ADP a/DET saw/NOUN .
Where/ADV is/AUX {POSS} saw/NOUN ?
Pass/VERB me/PRON the/DET saw/NOUN , please/INTJ .
This/DET saw/NOUN belongs/VERB/belong to/ADP {NAME} .
The/DET saw/NOUN in/ADP the/DET (shed|garage|barn|workshop|basement)/NOUN is/AUX (old|rusty|sharp|new)/ADJ .
{NAME} keeps/VERB/keep {POSS} saw/NOUN in/ADP the/DET (shed|garage|barn|toolbox)/NOUN .
The/DET saw/NOUN was/AUX too/ADV (dull|heavy|short|small)/ADJ for/ADP the/DET (job|tree|log|branch)/NOUN .
{S} (sharpened|cleaned|borrowed|found|dropped)/VERB/(sharpen|clean|borrow|find|drop) the/DET old/ADJ saw/NOUN .
{S} will/AUX need/VERB a/DET saw/NOUN for/ADP this/DET job/NOUN .
A/DET saw/NOUN and/CCONJ a/DET hammer/NOUN (hung|lay)/VERB/(hang|lie) on/ADP the/DET wall/NOUN .
{S} saw/VERB/see a/DET saw/NOUN {LOC} .

== flies VERB
{S3} flies/VERB/fly to/ADP {CITY} {THAB?} .
{S3} flies/VERB/fly to/ADP {CITY} on/ADP {DAYS} .
The/DET {N:flyanimal} flies/VERB/fly (over|across|above)/ADP the/DET (lake|river|field|city|town|hill|forest|sea|park|village)/NOUN .
{NAME} flies/VERB/fly a/DET (kite|drone|plane|glider)/NOUN {THAB?} .
{S3} {FREQ} flies/VERB/fly (home|abroad)/ADV .
My/PRON (uncle|aunt|sister|brother|father|mother|cousin)/NOUN flies/VERB/fly planes/NOUN for/ADP a/DET living/NOUN .
A/DET {N:flyanimal} flies/VERB/fly (fast|high|low)/ADV .
The/DET flag/NOUN flies/VERB/fly (over|above)/ADP the/DET (castle|school|harbor|square|town)/NOUN .
This/DET plane/NOUN flies/VERB/fly to/ADP {CITY} (twice|once)/ADV a/DET (day|week)/NOUN .
Time/NOUN flies/VERB/fly when/SCONJ {SN} {BE} (busy|happy|young)/ADJ .
Time/NOUN flies/VERB/fly when/SCONJ you/PRON have/VERB fun/NOUN .
Time/NOUN flies/VERB/fly when/SCONJ you/PRON are/AUX (busy|happy)/ADJ .
Time/NOUN flies/VERB/fly !
Who/PRON flies/VERB/fly the/DET plane/NOUN ?
Nobody/PRON flies/VERB/fly in/ADP this/DET weather/NOUN .

== flies NOUN
{NUM} flies/NOUN/fly landed/VERB/land on/ADP the/DET {N:fruit,food_mass} .
There/PRON are/AUX flies/NOUN/fly {LOC} .
There/PRON are/AUX (some|no)/DET flies/NOUN/fly (in|on|near)/ADP the/DET (kitchen|soup|cake|window|bread|barn)/NOUN .
(Frogs|Spiders|Birds|Lizards|Bats)/NOUN eat/VERB flies/NOUN/fly .
The/DET flies/NOUN/fly (buzzed|circled)/VERB/(buzz|circle) (around|over|near)/ADP the/DET (lamp|cake|fruit|bin|window)/NOUN .
The/DET (spider|frog|lizard|bird)/NOUN caught/VERB/catch {NUM} flies/NOUN/fly .
{SN} hate/VERB flies/NOUN/fly .
{S3} hates/VERB/hate flies/NOUN/fly .
{S} hated/VERB/hate the/DET flies/NOUN/fly {LOC} .
Flies/NOUN/fly (love|like)/VERB (sugar|honey|fruit|jam)/NOUN .
Close/VERB the/DET (door|window)/NOUN , or/CCONJ the/DET flies/NOUN/fly will/AUX get/VERB inside/ADV .
Fruit/NOUN flies/NOUN/fly (like|love)/VERB (ripe|sweet|old)/ADJ (bananas|fruit|apples|pears|peaches)/NOUN .
The/DET (cows|horses)/NOUN swished/VERB/swish their/PRON tails/NOUN/tail at/ADP the/DET flies/NOUN/fly .
(These|Those)/DET flies/NOUN/fly are/AUX (annoying|huge|tiny|noisy)/ADJ .
{S} swatted/VERB/swat {NUM} flies/NOUN/fly {TPAST?} .
Flies/NOUN/fly (carry|spread)/VERB (germs|dirt|disease)/NOUN/(germ|dirt|disease) .

== fly VERB
{SN} fly/VERB to/ADP {CITY} {THAB?} .
{S} (will|can|could|might|would)/AUX fly/VERB to/ADP {CITY} {TFUT?} .
(Birds|Geese|Ducks|Swallows)/NOUN fly/VERB (south|north)/ADV in/ADP (winter|autumn)/NOUN .
Can/AUX (penguins|ostriches|chickens|bats|ducks|owls)/NOUN fly/VERB ?
{S} (wanted|tried|learned|hoped|decided)/VERB to/PART fly/VERB a/DET (kite|drone|plane)/NOUN .
{S} (will|can|could)/AUX fly/VERB a/DET (kite|drone|plane|helicopter)/NOUN {LOC?} .
Let/VERB the/DET {N:flyanimal} fly/VERB away/ADV .
Did/AUX {SQ} fly/VERB (to|from)/ADP {CITY} ?
Do/AUX {SN} fly/VERB (often|much)/ADV ?
{S} never/ADV (wanted|learned)/VERB to/PART fly/VERB .
I/PRON (wish|hope)/VERB (I|we)/PRON could/AUX fly/VERB .
How/ADV high/ADV can/AUX a/DET {N:flyanimal} fly/VERB ?

== fly NOUN
A/DET fly/NOUN landed/VERB/land on/ADP {POSS} (cake|soup|nose|hand|sandwich|plate|book)/NOUN .
There/PRON (is|was)/AUX a/DET fly/NOUN in/ADP {PD} (soup|tea|milk|coffee|salad|drink)/NOUN .
{S} caught/VERB/catch a/DET fly/NOUN with/ADP {POSS} (hand|hat|cup)/NOUN .
The/DET fly/NOUN buzzed/VERB/buzz (around|near|above)/ADP the/DET (lamp|window|cake|fruit|kitchen)/NOUN .
The/DET (frog|spider|lizard|bird|fish)/NOUN (ate|caught|chased)/VERB/(eat|catch|chase) the/DET fly/NOUN .
A/DET fly/NOUN (is|was)/AUX (sitting|walking|buzzing)/VERB/(sit|walk|buzz) on/ADP the/DET {N:furniture,fruit} .
Is/AUX that/PRON a/DET fly/NOUN or/CCONJ a/DET (bee|wasp|moth)/NOUN ?
{S} swatted/VERB/swat the/DET fly/NOUN with/ADP a/DET (newspaper|magazine|book|towel)/NOUN .
The/DET (little|tiny|black|green)/ADJ fly/NOUN (escaped|vanished)/VERB/(escape|vanish) .
One/NUM fly/NOUN can/AUX ruin/VERB a/DET (picnic|meal|party)/NOUN .

== like VERB
{SN} like/VERB {NP:fruit,food_mass,drink,animal,event,sport} .
{SN} like/VERB to/PART {VP} .
Do/AUX {SN} like/VERB {NP:fruit,food_mass,drink,animal,sport} ?
{S} (would|might|will)/AUX like/VERB {NP:thing,fruit,drink} .
I/PRON would/AUX like/VERB a/DET (cup|glass)/NOUN of/ADP {N:drink} , please/INTJ .
{S3} does/AUX not/PART like/VERB {NP:fruit,food_mass,animal,sport} .
{S3} does/AUX+ n't/PART like/VERB {NP:fruit,food_mass,animal,sport} .
{S} did/AUX not/PART like/VERB the/DET {N:event,fruit,watchable} .
What/PRON do/AUX you/PRON like/VERB about/ADP {NPD:place,event,thing} ?
I/PRON like/VERB (it|that|this|them)/PRON .
{SN} really/ADV like/VERB {OH} .
How/ADV do/AUX you/PRON like/VERB {POSS} new/ADJ {N:thing,vehicle,place} ?
Which/DET {N:fruit,animal} do/AUX you/PRON like/VERB ?
{SN} do/AUX not/PART like/VERB to/PART {VP} .

== like ADP
{S} (sang|ran|swam|slept|worked|ate|jumped|danced)/VERB like/ADP a/DET {N:animal} .
It/PRON (looks|looked)/VERB/look like/ADP (rain|snow)/NOUN .
It/PRON (looks|sounds)/VERB like/ADP a/DET (good|great|bad|strange|fun)/ADJ (idea|plan|place|story|game)/NOUN .
The/DET {N:thing} looks/VERB/look like/ADP a/DET {N:thing,animal} .
This/DET {N:fruit} tastes/VERB/taste like/ADP {N:food_mass} .
{S} (talked|acted|dressed|walked|sang)/VERB like/ADP a/DET (king|queen|pilot|teacher|child|cowboy|baby)/NOUN .
Cities/NOUN/city like/ADP {CITY} are/AUX (busy|expensive|noisy|beautiful|crowded)/ADJ .
{SN} (eat|buy|grow)/VERB fruit/NOUN like/ADP {NS:fruit} and/CCONJ {NS:fruit} .
Do/AUX not/PART talk/VERB to/ADP (me|him|her|us|them)/PRON like/ADP that/PRON .
{NAME} is/AUX just/ADV like/ADP {POSS} (mother|father|sister|brother|aunt|uncle)/NOUN .
{S} slept/VERB/sleep like/ADP a/DET (log|baby|rock)/NOUN .
I/PRON have/AUX never/ADV seen/VERB/see anything/PRON like/ADP it/PRON .
{S} (ran|raced)/VERB like/ADP the/DET wind/NOUN .
A/DET {N:animal} like/ADP that/PRON (needs|eats)/VERB a/DET lot/NOUN .
Nobody/PRON (cooks|sings|dances)/VERB like/ADP {NAME} .

== can NOUN
{S} opened/VERB/open a/DET can/NOUN of/ADP (beans|soup|tuna|peaches|paint|soda|tomatoes|corn)/NOUN .
The/DET can/NOUN (is|was)/AUX (empty|full|dented|cold|heavy|open)/ADJ .
Put/VERB the/DET (empty|old)/ADJ can/NOUN in/ADP the/DET (bin|box|bag)/NOUN .
{S} kicked/VERB/kick a/DET can/NOUN (down|along|across)/ADP the/DET (street|road|yard)/NOUN .
There/PRON is/AUX a/DET can/NOUN of/ADP (beans|soup|paint|oil|tuna)/NOUN on/ADP the/DET (shelf|table|counter|floor)/NOUN .
This/DET can/NOUN (holds|contains)/VERB (beans|soup|paint|oil|water)/NOUN .
Where/ADV is/AUX the/DET can/NOUN opener/NOUN ?
A/DET can/NOUN (fell|rolled)/VERB/(fall|roll) off/ADP the/DET (shelf|table|truck|counter)/NOUN .
{S} bought/VERB/buy a/DET can/NOUN of/ADP (paint|soup|beans|lemonade)/NOUN {TPAST?} .
{S} recycled/VERB/recycle the/DET can/NOUN .
I/PRON can/AUX open/VERB this/DET can/NOUN .
Who/PRON left/VERB/leave this/DET can/NOUN {LOC} ?

== can VERB
{S} can/AUX can/VERB {NS:cannable} {LOC?} .
{SN} can/VERB {NS:cannable} (every|each)/DET (summer|autumn|year)/NOUN .
{S} (learned|wanted|decided|planned|loved)/VERB to/PART can/VERB {NS:cannable} .
Will/AUX you/PRON can/VERB the/DET {NS:cannable} {TFUT?} ?
{S} will/AUX can/VERB the/DET (last|ripe|fresh)/ADJ {NS:cannable} {TFUT} .
{SN} can/VERB (fish|tuna|corn|soup)/NOUN (here|there)/ADV .
{SN} can/VERB {NS:cannable} in/ADP {MONTH} .
(Farmers|Families|Grandparents)/NOUN can/VERB {NS:cannable} in/ADP (summer|autumn)/NOUN .
{S} could/AUX can/VERB the/DET {NS:cannable} (tomorrow|tonight)/NOUN .
Let/VERB us/PRON can/VERB the/DET {NS:cannable} .

== book NOUN
{S} read/VERB/read a/DET {ADJ?:thing} book/NOUN about/ADP {NPP:animal,vehicle,place} .
The/DET book/NOUN is/AUX on/ADP the/DET {N:furniture} .
{NAME} wrote/VERB/write a/DET book/NOUN about/ADP {CITY} .
{S} (lent|gave|showed)/VERB/(lend|give|show) {OH} (my|her|his|a)/(PRON|PRON|PRON|DET) book/NOUN .
{POSS} book/NOUN is/AUX (heavy|long|short|funny|boring|great|sad)/ADJ .
This/DET book/NOUN (belongs|belonged)/VERB/belong to/ADP {NAME} .
{S} (borrowed|returned|lost|found)/VERB/(borrow|return|lose|find) a/DET book/NOUN (from|at)/ADP the/DET library/NOUN .
The/DET book/NOUN that/PRON {S} (bought|read|wrote)/VERB/(buy|read|write) was/AUX (long|short|great|boring)/ADJ .

== book VERB
{S} (will|should|must|can|could)/AUX book/VERB a/DET {N:bookable} {TFUT?} .
Book/VERB a/DET table/NOUN for/ADP (two|three|four|six)/NUM .
Book/VERB (a|the)/DET {N:bookable} (now|early|soon)/ADV .
Did/AUX {SQ} book/VERB the/DET {N:bookable} ?
{S} (wanted|forgot|tried|decided|remembered)/VERB to/PART book/VERB a/DET {N:bookable} .
{SN} always/ADV book/VERB {NS:bookable} early/ADV .
Please/INTJ book/VERB a/DET {N:bookable} for/ADP {NAME} .
Let/VERB me/PRON book/VERB the/DET {N:bookable} .
Can/AUX you/PRON book/VERB (me|us|her|him)/PRON a/DET {N:bookable} ?
{SN} book/VERB (rooms|tickets|tables|flights)/NOUN on/ADP (Fridays|Sundays|weekends)/(PROPN|PROPN|NOUN)/(Friday|Sunday|weekend) .
Who/PRON will/AUX book/VERB the/DET {N:bookable} ?

== watch NOUN
{S} (lost|found|broke|dropped|fixed|bought|wore)/VERB/(lose|find|break|drop|fix|buy|wear) {POSS} {ADJ?:thing} watch/NOUN {TPAST?} .
The/DET watch/NOUN (stopped|broke)/VERB/(stop|break) at/ADP {CLOCK} .
{NAME} gave/VERB/give {OH} a/DET (new|old|cheap|small|nice|black|blue)/ADJ watch/NOUN .
What/DET time/NOUN does/AUX your/PRON watch/NOUN say/VERB ?
My/PRON watch/NOUN is/AUX (slow|fast|broken|new|old)/ADJ .
{S} looked/VERB/look at/ADP {POSS} watch/NOUN .
The/DET watch/NOUN on/ADP {POSS} (wrist|arm)/NOUN (is|was)/AUX (gold|silver|old|new)/ADJ .
This/DET watch/NOUN (was|is)/AUX a/DET (gift|present)/NOUN from/ADP {OH} .

== watch VERB
{SN} watch/VERB {NP:watchable} {THAB?} .
{S} (will|can|might|should)/AUX watch/VERB {NP:watchable,animal} {TFUT?} .
Watch/VERB (the|that)/DET {N:watchable,animal,vehicle} (!|.)/PUNCT
Did/AUX {SQ} watch/VERB the/DET {N:watchable} ?
Can/AUX you/PRON watch/VERB the/DET (kids|children|baby|dog|cat|bags)/NOUN {TFUT?} ?
Watch/VERB your/PRON step/NOUN !
{SN} like/VERB to/PART watch/VERB {NS:animal} {LOC?} .
Watch/VERB (me|us|this)/PRON !
{S} (wanted|liked|loved)/VERB to/PART watch/VERB the/DET (stars|rain|boats|trains|birds)/NOUN .
{SN} watch/VERB too/ADV much/ADJ (TV|television)/NOUN/(TV|television) .

== run VERB
{SN} run/VERB {DIR} {THAB?} .
{S} (can|will|could)/AUX run/VERB (fast|far)/ADV .
Do/AUX not/PART run/VERB (in|near)/ADP the/DET (hall|pool|kitchen|library)/NOUN .
{S} (learned|tried|wanted|started)/VERB to/PART run/VERB {DIR?} .
{SN} run/VERB a/DET {ADJ?:place} (shop|cafe|bakery|farm|hotel|restaurant)/NOUN {LOC?} .
Run/VERB , {NAME} , run/VERB !
{S} will/AUX run/VERB the/DET (race|marathon)/NOUN {TFUT} .
The/DET (buses|trains|trams|ferries)/NOUN run/VERB every/DET (hour|day|morning)/NOUN .
Let/VERB the/DET (dogs|kids|children|horses)/NOUN run/VERB .
Can/AUX you/PRON run/VERB {DIR} ?

== run NOUN
{S} went/VERB/go for/ADP a/DET run/NOUN {LOC?} {TPAST?} .
{POSS} (morning|evening)/NOUN run/NOUN (was|is)/AUX (long|short|hard|easy|slow|fast)/ADJ .
After/ADP (a|the|her|his|my)/(DET|DET|PRON|PRON|PRON) run/NOUN , {CLP} .
{S} took/VERB/take a/DET (long|short|quick|slow)/ADJ run/NOUN (along|by|around)/ADP the/DET (river|beach|lake|park)/NOUN .
That/PRON was/AUX a/DET (good|great|hard|long)/ADJ run/NOUN .
The/DET play/NOUN had/VERB/have a/DET (long|short)/ADJ run/NOUN in/ADP {CITY} .
{NAME} scored/VERB/score a/DET run/NOUN in/ADP the/DET (last|first)/ADJ (inning|game)/NOUN .
A/DET run/NOUN in/ADP the/DET (park|morning|forest)/NOUN is/AUX good/ADJ for/ADP you/PRON .
{S} (needed|wanted|enjoyed|finished)/VERB/(need|want|enjoy|finish) a/DET run/NOUN .

== set VERB
Set/VERB the/DET (table|alarm|timer)/NOUN , please/INTJ .
Set/VERB the/DET (alarm|timer|clock)/NOUN for/ADP {CLOCK} .
{S} set/VERB/set the/DET {N:settable} {TPAST?} .
{S} (will|should|must|can)/AUX set/VERB a/DET (new|high|clear)/ADJ (record|goal|example|price|date)/NOUN .
{S} set/VERB/set the/DET {N:thing} (on|under|by|beside)/ADP the/DET {N:furniture} .
The/DET sun/NOUN set/VERB/set (behind|over)/ADP the/DET (hills|hill|lake|sea|mountains|city)/NOUN .
Did/AUX {SQ} set/VERB the/DET (alarm|table|date|timer)/NOUN ?
{S} forgot/VERB/forget to/PART set/VERB the/DET (alarm|timer|table|trap)/NOUN .
Help/VERB me/PRON set/VERB the/DET table/NOUN .

== set NOUN
{S} (bought|found|wanted|got)/VERB/(buy|find|want|get) a/DET (chess|tea|train|tool|paint|drum)/NOUN set/NOUN .
{S} lost/VERB/lose a/DET set/NOUN of/ADP (keys|cards|tools|plates|cups|spoons|knives|brushes)/NOUN .
The/DET set/NOUN is/AUX (complete|new|old|broken|cheap|expensive)/ADJ .
The/DET film/NOUN set/NOUN was/AUX (busy|noisy|quiet|huge|cold)/ADJ .
{S} won/VERB/win the/DET (first|second|last|final)/ADJ set/NOUN .
A/DET set/NOUN of/ADP (keys|tools|cups|plates)/NOUN was/AUX on/ADP the/DET {N:furniture} .
{NAME} gave/VERB/give {OH} a/DET (new|small|lovely)/ADJ (chess|paint|tea)/NOUN set/NOUN .
Each/DET set/NOUN (has|had)/VERB/have (four|six|ten|twelve)/NUM (pieces|cups|colors)/NOUN .

== set ADJ
We/PRON are/AUX all/ADV set/ADJ .
{S3} is/AUX all/ADV set/ADJ for/ADP the/DET {N:event} .
The/DET (cafe|restaurant|hotel)/NOUN (offers|has)/VERB/(offer|have) a/DET set/ADJ (menu|lunch|dinner)/NOUN .
{S} {VS:work} (at|for)/ADP set/ADJ hours/NOUN .
{S} {VS:pay} a/DET set/ADJ (price|fee|amount)/NOUN (every|each)/DET (month|week|year)/NOUN .
The/DET (class|meeting|bus|tour)/NOUN (starts|leaves)/VERB/(start|leave) at/ADP a/DET set/ADJ time/NOUN .
{S} {BE} (very|quite|too)/ADV set/ADJ in/ADP {PPOSS} ways/NOUN .
Everything/PRON is/AUX all/ADV set/ADJ for/ADP the/DET {N:event} .
There/PRON is/AUX no/DET set/ADJ (rule|time|price|plan)/NOUN for/ADP this/PRON .
{S} {VS:follow} a/DET set/ADJ (plan|routine|pattern|path)/NOUN .
{S} {BE} all/ADV set/ADJ to/PART {VP} .
Are/AUX you/PRON all/ADV set/ADJ ?

== light NOUN
Turn/VERB (on|off)/ADP the/DET light/NOUN {END}
The/DET light/NOUN (in|from)/ADP the/DET (room|kitchen|window|hall|lamp)/NOUN (was|is)/AUX (bright|dim|warm|soft|blue|red)/ADJ .
{S} saw/VERB/see a/DET (strange|bright|small|blue|red|green)/ADJ light/NOUN (in|over|above)/ADP the/DET (sky|forest|lake|hill|field)/NOUN .
The/DET traffic/NOUN light/NOUN turned/VERB/turn (red|green|yellow)/ADJ .
(Plants|Flowers|Trees)/NOUN need/VERB light/NOUN and/CCONJ water/NOUN .
{S} read/VERB/read by/ADP the/DET light/NOUN of/ADP a/DET (candle|lamp|fire|lantern)/NOUN .
The/DET (morning|evening)/NOUN light/NOUN filled/VERB/fill the/DET (room|kitchen|hall)/NOUN .
There/PRON was/AUX no/DET light/NOUN in/ADP the/DET (room|hall|attic|cellar|tunnel)/NOUN .
A/DET light/NOUN (flashed|blinked|glowed)/VERB/(flash|blink|glow) (in|behind)/ADP the/DET (window|trees|door)/NOUN .
Stop/VERB at/ADP the/DET red/ADJ light/NOUN .

== light ADJ
The/DET {N:lightthing} is/AUX {DEG?} light/ADJ .
{S} wore/VERB/wear a/DET light/ADJ (jacket|coat|sweater|scarf|dress)/NOUN .
{S} (ate|had|made)/VERB/(eat|have|make) a/DET light/ADJ (lunch|dinner|breakfast|meal|snack)/NOUN .
(This|That)/DET (bag|box|bike|boat|chair|laptop|tent)/NOUN is/AUX light/ADJ (but|and)/CCONJ (strong|cheap|useful)/ADJ .
{S} painted/VERB/paint the/DET (room|wall|door|fence)/NOUN light/ADJ (blue|green|gray|yellow)/ADJ .
There/PRON was/AUX a/DET light/ADJ (rain|wind|breeze|snow)/NOUN {TPAST?} .
{S3} {BE} a/DET light/ADJ sleeper/NOUN .
A/DET light/ADJ (bag|box|suitcase)/NOUN is/AUX easy/ADJ to/PART carry/VERB .
(Feathers|Leaves|Balloons)/NOUN are/AUX very/ADV light/ADJ .

== light VERB
Light/VERB the/DET (candle|candles|fire|lamp|lantern|stove|oven)/NOUN {END}
{S} (will|can|should|must|could)/AUX light/VERB the/DET (candles|fire|lamp|lantern)/NOUN {TFUT?} .
Did/AUX {SQ} light/VERB the/DET (fire|candles|stove|oven)/NOUN ?
{S} {VS:light} candles/NOUN (every|each)/DET (evening|night|winter)/NOUN .
(Let|Help)/VERB me/PRON light/VERB the/DET (fire|candle|lamp)/NOUN .
{S} (tried|wanted|forgot)/VERB to/PART light/VERB the/DET (fire|candles|lamp)/NOUN .
Do/AUX not/PART light/VERB (fires|candles)/NOUN (here|inside)/ADV .
The/DET (lamps|lanterns)/NOUN light/VERB the/DET (street|path|road|garden|square)/NOUN at/ADP night/NOUN .
{SN} light/VERB a/DET fire/NOUN when/SCONJ it/PRON gets/VERB/get cold/ADJ .

== play VERB
{SN} play/VERB {N:sport} {THAB?} .
{S} (can|will|could)/AUX play/VERB the/DET {N:instrument} .
Let/VERB the/DET (children|kids|dogs|cats|puppies)/NOUN play/VERB .
Do/AUX you/PRON play/VERB {N:sport} ?
{S3} wants/VERB/want to/PART play/VERB {LOC} .
{SN} play/VERB (cards|games)/NOUN (after|before)/ADP (dinner|lunch|school)/NOUN .

== play NOUN
{S} saw/VERB/see a/DET (new|funny|long|great|short|sad)/ADJ play/NOUN at/ADP the/DET (theater|school|festival)/NOUN .
The/DET play/NOUN (was|is)/AUX (funny|long|short|boring|great|sad|wonderful)/ADJ .
{NAME} wrote/VERB/write a/DET play/NOUN about/ADP {NPP:animal,person} .
The/DET school/NOUN play/NOUN (starts|begins)/VERB/(start|begin) at/ADP {CLOCK} .
{S} had/VERB/have a/DET (small|big|main)/ADJ part/NOUN in/ADP the/DET play/NOUN .
Tickets/NOUN for/ADP the/DET play/NOUN (are|were)/AUX (cheap|expensive)/ADJ .
After/ADP the/DET play/NOUN , {CLP} .
Fair/ADJ play/NOUN is/AUX (important|everything)/(ADJ|PRON) .
Children/NOUN learn/VERB through/ADP play/NOUN .

== park VERB
Park/VERB the/DET {N:parkable} (here|there|outside)/ADV .
Park/VERB the/DET {N:parkable} (behind|near|beside)/ADP the/DET {N:building} .
{S} (can|could|may)/AUX park/VERB {LOC} .
You/PRON can/AUX+ not/PART park/VERB here/ADV .
Where/ADV (can|should)/AUX (I|we)/PRON park/VERB ?
{SN} park/VERB (near|behind|by)/ADP the/DET park/NOUN .
{S} (tried|forgot|learned|wanted)/VERB to/PART park/VERB the/DET {N:parkable} .
Did/AUX {SQ} park/VERB the/DET {N:parkable} {LOC} ?
Do/AUX not/PART park/VERB (here|there)/ADV .
Let/VERB me/PRON park/VERB the/DET car/NOUN first/ADV .
{SN} {FREQ} park/VERB on/ADP the/DET street/NOUN .

== rock NOUN
{S} (threw|kicked|dropped)/VERB/(throw|kick|drop) a/DET {ADJ?:thing} rock/NOUN (into|over|across)/ADP the/DET (lake|river|pond|field|pool)/NOUN .
The/DET rock/NOUN (is|was)/AUX (heavy|huge|smooth|wet|sharp|gray|flat)/ADJ .
{S} sat/VERB/sit on/ADP a/DET (big|large|flat|warm)/ADJ rock/NOUN by/ADP the/DET (sea|river|lake|path)/NOUN .
{SN} (like|love)/VERB rock/NOUN music/NOUN .
{S} played/VERB/play in/ADP a/DET rock/NOUN band/NOUN .
A/DET (snake|lizard|crab|frog)/NOUN hid/VERB/hide under/ADP the/DET rock/NOUN .
There/PRON is/AUX a/DET (large|huge|big)/ADJ rock/NOUN (in|on)/ADP the/DET (road|path|field|garden)/NOUN .
The/DET (boat|ship|ferry)/NOUN hit/VERB/hit a/DET rock/NOUN .

== rock VERB
{S} (will|can|should)/AUX rock/VERB the/DET (baby|cradle|boat)/NOUN (gently|slowly)/ADV .
Do/AUX not/PART rock/VERB the/DET (boat|cradle|chair|table)/NOUN .
The/DET (waves|winds)/NOUN rock/VERB the/DET (boat|ship|ferry)/NOUN .
{SN} rock/VERB the/DET baby/NOUN (every|each)/DET night/NOUN .
{S} (tried|wanted|started)/VERB to/PART rock/VERB the/DET (baby|cradle|boat)/NOUN .
Gently/ADV rock/VERB the/DET (baby|cradle)/NOUN .
Rock/VERB the/DET baby/NOUN to/ADP sleep/NOUN .
{S} (will|can)/AUX rock/VERB the/DET baby/NOUN to/ADP sleep/NOUN .

== fish NOUN
{S} (caught|cooked|fried|bought|ate)/VERB/(catch|cook|fry|buy|eat) (a|the|two|three)/(DET|DET|NUM|NUM) {ADJ?:animal} fish/NOUN {TPAST?} .
The/DET fish/NOUN (swam|jumped)/VERB/(swim|jump) in/ADP the/DET (pond|river|lake|water)/NOUN .
There/PRON are/AUX (many|few)/ADJ fish/NOUN in/ADP this/DET (lake|river|pond|sea)/NOUN .
{SN} (eat|like)/VERB fish/NOUN on/ADP Fridays/PROPN/Friday .
{SN} (eat|cook)/VERB fish/NOUN every/DET (day|week|Friday)/(NOUN|NOUN|PROPN) .
The/DET fish/NOUN (is|was)/AUX (fresh|cold|delicious|salty)/ADJ .
{NAME} has/VERB/have a/DET (small|red|gold|tiny)/ADJ fish/NOUN in/ADP a/DET bowl/NOUN .

== fish VERB
{SN} fish/VERB (in|on|at|near)/ADP the/DET (river|lake|sea|pond|harbor|bay)/NOUN {THAB?} .
{S} (will|can|could|might)/AUX fish/VERB (in|at)/ADP the/DET (river|lake|harbor|pond)/NOUN {TFUT?} .
{S} (loved|wanted|learned|liked)/VERB to/PART fish/VERB .
Do/AUX you/PRON fish/VERB ?
Can/AUX (we|I)/PRON fish/VERB here/ADV ?
You/PRON can/AUX+ not/PART fish/VERB (here|there)/ADV .
{SN} fish/VERB for/ADP (trout|salmon|cod|food)/NOUN .
They/PRON (fish|go)/VERB (every|each)/DET (morning|weekend|summer)/NOUN .

== well ADV
{S} (sang|danced|swam|cooked|wrote|played|drew|slept|spoke)/VERB/(sing|dance|swim|cook|write|play|draw|sleep|speak) {DEG?} well/ADV .
{S} did/VERB/do well/ADV (on|in)/ADP the/DET (test|exam|race|game|interview)/NOUN .
{S} knew/VERB/know {OH} (very|quite|really)/ADV well/ADV .
{S} can/AUX (swim|cook|sing|read|ski|dance|paint)/VERB well/ADV .
The/DET {N:event} went/VERB/go (very|really)/ADV well/ADV .
Shake/VERB well/ADV before/ADP use/NOUN .
{S} {VS:speak} (English|French|Spanish|Arabic|Japanese|German)/PROPN (very|quite)/ADV well/ADV .
The/DET plan/NOUN (worked|went)/VERB/(work|go) well/ADV .

== well NOUN
{S} drew/VERB/draw water/NOUN from/ADP the/DET (old|deep)/ADJ well/NOUN .
The/DET well/NOUN (is|was)/AUX (deep|dry|old|full|empty|cold)/ADJ .
There/PRON (is|was)/AUX an/DET (old|deep|dry)/ADJ well/NOUN (in|behind|near)/ADP the/DET (village|farm|garden|yard|barn|church)/NOUN .
{S} dropped/VERB/drop a/DET (coin|stone|bucket|key)/NOUN (into|down)/ADP the/DET well/NOUN .
The/DET (farmers|villagers)/NOUN dug/VERB/dig a/DET (new|deep)/ADJ well/NOUN .
The/DET water/NOUN from/ADP this/DET well/NOUN is/AUX (cold|clean|sweet|fresh)/ADJ .
A/DET (cat|frog|bucket|ball)/NOUN fell/VERB/fall into/ADP the/DET well/NOUN .
The/DET village/NOUN well/NOUN (is|was)/AUX (dry|full|old)/ADJ .

== well INTJ
Well/INTJ , {CL} .
Well/INTJ , what/PRON do/AUX you/PRON (think|want|need|mean)/VERB ?
Well/INTJ , that/PRON {WAS} (strange|fun|easy|close|quick|mean)/ADJ .
Oh/INTJ well/INTJ , {CL} .
Well/INTJ , I/PRON think/VERB so/ADV .
Well/INTJ , {NAME} , {CL} .

== that SCONJ
{S} {VS:think,know,hope,believe,say,feel} that/SCONJ {CL} .
{S} (thought|knew|hoped|said|felt|heard)/VERB/(think|know|hope|say|feel|hear) that/SCONJ {CLP} .
I/PRON am/AUX (sure|glad|happy|sorry|afraid)/ADJ that/SCONJ {CL} .
It/PRON is/AUX (true|clear|strange|good|lucky)/ADJ that/SCONJ {CL} .
The/DET (news|fact|idea)/NOUN that/SCONJ {CLP} (surprised|worried|pleased)/VERB/(surprise|worry|please) {OH} .
{S} told/VERB/tell {OH} that/SCONJ {CL} .
Did/AUX you/PRON know/VERB that/SCONJ {CLPRES} ?

== that PRON
That/PRON is/AUX {NPI:thing,animal,vehicle} .
That/PRON (was|is)/AUX (great|strange|easy|funny|kind|mean|right|wrong)/ADJ .
Who/PRON did/AUX that/PRON ?
Is/AUX that/PRON {NPS:thing,animal,vehicle} ?
I/PRON (know|remember|love|like|need)/VERB that/PRON .
What/PRON is/AUX that/PRON ?
The/DET {N:thing} that/PRON {S} (bought|found|lost|made|sold)/VERB/(buy|find|lose|make|sell) was/AUX (old|new|cheap|broken|red|blue|expensive)/ADJ .
{S} (met|saw|called|helped)/VERB/(meet|see|call|help) the/DET (man|woman|girl|boy|doctor|driver|teacher)/NOUN that/PRON (lives|works)/VERB/(live|work) (in|near)/ADP {CITY} .
{S} said/VERB/say that/PRON {TPAST?} .
That/PRON {HAVEV} nothing/PRON to/PART do/VERB with/ADP {OH} .

== that DET
That/DET {N:animal,thing,vehicle,place} is/AUX {DEG?} {ADJ:@} .
{S} (bought|saw|liked|wanted|found|lost)/VERB/(buy|see|like|want|find|lose) that/DET {N:thing} {TPAST?} .
Who/PRON (lives|works)/VERB/(live|work) in/ADP that/DET {N:building} ?
Look/VERB at/ADP that/DET {N:animal,vehicle,thing} !
I/PRON (love|like|hate|want|need)/VERB that/DET {N:thing,animal} .
That/DET (day|night|morning|summer|year)/NOUN , {CLP} .
Is/AUX that/DET {N:thing,animal,vehicle} {ADJ:@} ?

== round ADJ
{S} (bought|made|found|wanted)/VERB/(buy|make|find|want) a/DET round/ADJ {N:roundthing} .
The/DET (earth|moon|ball|plate|table|clock|coin)/NOUN is/AUX round/ADJ .
We/PRON sat/VERB/sit at/ADP a/DET (big|small|large)/ADJ round/ADJ table/NOUN .
(She|He)/PRON has/VERB/have a/DET round/ADJ face/NOUN .
The/DET round/ADJ (window|mirror|table|clock)/NOUN (is|was)/AUX (old|new|broken|beautiful)/ADJ .

== round NOUN
{S} (won|lost)/VERB/(win|lose) the/DET (first|second|third|last|final|next)/ADJ round/NOUN .
{S} bought/VERB/buy a/DET round/NOUN of/ADP (drinks|coffee|tea|juice)/NOUN .
The/DET (next|first|final)/ADJ round/NOUN (starts|begins)/VERB/(start|begin) at/ADP {CLOCK} .
(We|They)/PRON played/VERB/play another/DET round/NOUN of/ADP (golf|cards|chess)/NOUN .
This/DET round/NOUN is/AUX on/ADP (me|us|him|her)/PRON .
{NAME} went/VERB/go out/ADP in/ADP the/DET (first|second)/ADJ round/NOUN .

== round ADP 10
The/DET (shop|cafe|station|bank|bakery)/NOUN is/AUX just/ADV round/ADP the/DET corner/NOUN .
{S} walked/VERB/walk round/ADP the/DET (lake|park|block|garden)/NOUN .

== back ADV
{S} (came|went|walked|ran|drove|flew)/VERB/(come|go|walk|run|drive|fly) back/ADV (to|from)/ADP {CITY} {TPAST?} .
{S} will/AUX be/AUX back/ADV (soon|later)/ADV .
{S} will/AUX be/AUX back/ADV (tomorrow|tonight)/NOUN .
Give/VERB (it|them)/PRON back/ADV to/ADP {NAME} .
{S} looked/VERB/look back/ADV at/ADP the/DET (house|town|sea|station|crowd)/NOUN .
{S} (smiled|waved|called|wrote)/VERB/(smile|wave|call|write) back/ADV .
Come/VERB back/ADV (soon|later|here)/ADV !
{S} (brought|sent|gave)/VERB/(bring|send|give) the/DET {N:thing} back/ADV .
Step/VERB back/ADV , please/INTJ .

== back NOUN
{POSS} back/NOUN (hurts|aches)/VERB/(hurt|ache) .
{S} hurt/VERB/hurt {PPOSS} back/NOUN {TPAST?} .
{S} sat/VERB/sit at/ADP the/DET back/NOUN of/ADP the/DET (bus|room|class|hall|boat|van)/NOUN .
Write/VERB your/PRON name/NOUN on/ADP the/DET back/NOUN of/ADP the/DET (card|photo|page|form|envelope)/NOUN .
{S} (slept|rested|floated)/VERB/(sleep|rest|float) on/ADP {PPOSS} back/NOUN .
The/DET (cat|dog|horse)/NOUN has/VERB/have a/DET (white|black|brown)/ADJ spot/NOUN on/ADP its/PRON back/NOUN .
The/DET key/NOUN is/AUX at/ADP the/DET back/NOUN of/ADP the/DET (drawer|shelf|cupboard)/NOUN .

== back ADJ 12
{S} left/VERB/leave through/ADP the/DET back/ADJ (door|gate)/NOUN .
{S} sat/VERB/sit in/ADP the/DET back/ADJ (seat|row)/NOUN .
The/DET back/ADJ (door|gate|window)/NOUN (is|was)/AUX (open|old|broken|narrow)/ADJ .
The/DET (kids|children)/NOUN played/VERB/play in/ADP the/DET back/ADJ (garden|yard)/NOUN .

== back VERB 12
{S} (will|would|must)/AUX back/VERB {OH} .
{SN} back/VERB the/DET (plan|idea|team|project|mayor)/NOUN .
Back/VERB the/DET (car|van|truck)/NOUN into/ADP the/DET (garage|yard|space)/NOUN .

== bear NOUN
A/DET (brown|black|big|young|hungry)/ADJ bear/NOUN (walked|ran|came)/VERB/(walk|run|come) (into|across|through)/ADP the/DET (camp|forest|river|field|road)/NOUN .
A/DET bear/NOUN (ate|stole|found)/VERB/(eat|steal|find) the/DET (honey|fish|berries|food)/NOUN .
{S} saw/VERB/see a/DET bear/NOUN (in|near)/ADP the/DET (forest|woods|river|camp)/NOUN .
The/DET bear/NOUN at/ADP the/DET zoo/NOUN (is|was)/AUX (old|huge|sleepy|hungry)/ADJ .
{NAME} has/VERB/have a/DET teddy/NOUN bear/NOUN .
The/DET bear/NOUN (slept|sleeps)/VERB/sleep all/DET winter/NOUN .

== bear VERB
I/PRON can/AUX+ not/PART bear/VERB (the|this|that)/DET (noise|heat|cold|pain|smell|wait)/NOUN .
{S} could/AUX not/PART bear/VERB to/PART {VP} .
{S} (can|could)/AUX (hardly|barely)/ADV bear/VERB the/DET (heat|noise|pain|cold)/NOUN .
Bear/VERB in/ADP mind/NOUN that/SCONJ {CL} .
The/DET (tree|trees)/NOUN will/AUX bear/VERB fruit/NOUN (next|this)/(ADJ|DET) year/NOUN .
The/DET (bridge|shelf|ice|floor)/NOUN (will|could)/AUX not/PART bear/VERB (the|that)/DET weight/NOUN .
I/PRON ca/AUX/can+ n't/PART bear/VERB it/PRON .
{S} could/AUX+ n't/PART bear/VERB the/DET (noise|heat|smell|cold)/NOUN .

== train NOUN
{S} took/VERB/take the/DET (early|last|first|next|slow|fast|night)/ADJ train/NOUN to/ADP {CITY} .
The/DET train/NOUN (leaves|arrives)/VERB/(leave|arrive) at/ADP {CLOCK} .
The/DET train/NOUN (was|is)/AUX (late|full|crowded|empty|fast|slow)/ADJ .
{S} missed/VERB/miss the/DET train/NOUN {TPAST?} .
We/PRON met/VERB/meet on/ADP a/DET train/NOUN to/ADP {CITY} .
The/DET train/NOUN to/ADP {CITY} (is|was)/AUX (late|full|early)/ADJ .
{S} played/VERB/play with/ADP a/DET toy/NOUN train/NOUN .

== train VERB
{SN} train/VERB (every|each)/DET (day|morning|week|evening)/NOUN .
{S} (will|must|should|can)/AUX train/VERB the/DET (dog|puppy|team|horse|players|staff)/NOUN .
{S} (wanted|started|decided|began)/VERB/(want|start|decide|begin) to/PART train/VERB for/ADP the/DET (race|marathon|match|game|final)/NOUN .
{SN} train/VERB for/ADP the/DET (race|marathon|match|final)/NOUN .
Did/AUX you/PRON train/VERB {TPAST?} ?
(Coaches|Teachers|Trainers)/NOUN train/VERB (players|students|teams|dogs)/NOUN .
{SN} train/VERB (hard|daily)/ADV .

== point NOUN
That/PRON is/AUX a/DET (good|fair|great|strong|valid)/ADJ point/NOUN .
What/PRON is/AUX the/DET point/NOUN ?
What/PRON is/AUX the/DET point/NOUN of/ADP this/DET (game|plan|meeting|test|trip)/NOUN ?
{S} made/VERB/make a/DET (good|clear|strong|fair)/ADJ point/NOUN .
{S} (missed|got|understood)/VERB/(miss|get|understand) the/DET point/NOUN .
{S} won/VERB/win by/ADP one/NUM point/NOUN .
At/ADP (this|that)/DET point/NOUN , {CLP} .
The/DET point/NOUN of/ADP the/DET (pencil|knife|needle|stick)/NOUN (is|was)/AUX sharp/ADJ .
From/ADP this/DET point/NOUN , {S} could/AUX see/VERB the/DET (sea|city|lake|river|valley)/NOUN .

== point VERB
Do/AUX not/PART point/VERB at/ADP (people|strangers|animals)/NOUN .
{SN} point/VERB (at|to)/ADP the/DET {N:thing,animal,place} .
{S} (will|can|could)/AUX point/VERB (to|at)/ADP the/DET (map|door|sign|exit|bird|star|window)/NOUN .
Point/VERB to/ADP {CITY} on/ADP the/DET map/NOUN .
(Signs|Arrows)/NOUN point/VERB (to|toward)/ADP the/DET (exit|station|beach|park|museum)/NOUN .
{S} (tried|wanted|began)/VERB/(try|want|begin) to/PART point/VERB at/ADP the/DET {N:animal,vehicle} .
Point/VERB the/DET (camera|torch|light)/NOUN at/ADP the/DET (sky|door|tree|stage)/NOUN .

== mean VERB
What/PRON do/AUX you/PRON mean/VERB ?
What/PRON does/AUX (this|that)/DET (word|sign|symbol|letter|line)/NOUN mean/VERB ?
{S} did/AUX not/PART mean/VERB to/PART {VP} .
I/PRON (really|truly)/ADV mean/VERB it/PRON .
This/PRON (could|might|will)/AUX mean/VERB (trouble|rain|change|war)/NOUN .
(Dark|Gray)/ADJ clouds/NOUN mean/VERB rain/NOUN .
What/PRON did/AUX {NAME} mean/VERB by/ADP that/PRON ?
{SN} mean/VERB (well|business)/(ADV|NOUN) .

== mean ADJ
{S} {WAS} {DEG?} mean/ADJ to/ADP {OH} .
That/PRON (was|is)/AUX a/DET mean/ADJ thing/NOUN to/PART say/VERB .
Do/AUX not/PART be/AUX mean/ADJ !
The/DET (boss|king|neighbor|guard|cat)/NOUN (was|is)/AUX mean/ADJ .
{S} played/VERB/play a/DET mean/ADJ (trick|joke)/NOUN on/ADP {OH} .
{NAME} has/VERB/have a/DET mean/ADJ (dog|cat|goose|parrot)/NOUN .

== right ADJ
{S} {BE} right/ADJ .
That/PRON is/AUX the/DET right/ADJ (answer|way|choice|size|word|idea|place)/NOUN .
{S} chose/VERB/choose the/DET right/ADJ (answer|path|door|key|moment)/NOUN .
{POSS} right/ADJ (hand|arm|leg|knee|eye|ear|shoulder)/NOUN (hurts|aches)/VERB/(hurt|ache) .
Is/AUX this/DET the/DET right/ADJ (bus|train|road|room|door|key)/NOUN ?
You/PRON are/AUX (quite|absolutely|so)/ADV right/ADJ .
You/PRON were/AUX right/ADJ again/ADV .

== right ADV
Turn/VERB right/ADV (at|after)/ADP the/DET (bank|church|bridge|lights|corner|school)/NOUN .
I/PRON will/AUX be/AUX right/ADV back/ADV .
Come/VERB right/ADV (here|now)/ADV .
{S} (turned|went)/VERB/(turn|go) right/ADV (at|after)/ADP the/DET (bank|church|bridge|corner)/NOUN .
{S} did/VERB/do it/PRON right/ADV .
The/DET (shop|bank|cafe)/NOUN is/AUX right/ADV across/ADP the/DET (street|road|square)/NOUN .
The/DET {N:animal} ran/VERB/run right/ADV (past|into)/ADP {OH} .
{S} {BE} right/ADV here/ADV .

== right NOUN
Every/DET (child|person|worker|citizen|student)/NOUN has/VERB/have the/DET right/NOUN to/PART (vote|learn|speak|rest|know|play)/VERB .
The/DET (school|bank|shop|station|house)/NOUN is/AUX on/ADP the/DET right/NOUN .
Take/VERB the/DET (first|second|third|next)/ADJ (road|street|turn|door)/NOUN on/ADP the/DET right/NOUN .
Keep/VERB to/ADP the/DET right/NOUN .
{S} had/VERB/have no/DET right/NOUN to/PART {VP} .
On/ADP (your|the|our)/(PRON|DET|PRON) right/NOUN , you/PRON (can|will)/AUX see/VERB {NPI:place,animal} .

== close VERB
Close/VERB the/DET (door|window|gate|box|lid|curtains|book)/NOUN {END}
Please/INTJ close/VERB the/DET (door|window|gate)/NOUN .
{S} (will|should|must|can)/AUX close/VERB the/DET (shop|store|cafe|bank|office)/NOUN at/ADP {CLOCK} .
The/DET (shops|banks|museums|stores)/NOUN close/VERB (early|late)/ADV on/ADP {DAYS} .
Did/AUX {SQ} close/VERB the/DET (window|door|gate)/NOUN ?
Close/VERB your/PRON eyes/NOUN .
{S} (forgot|remembered)/VERB/(forget|remember) to/PART close/VERB the/DET (door|window|gate|tap)/NOUN .
What/DET time/NOUN does/AUX the/DET (shop|bank|library|museum|pool)/NOUN close/VERB ?

== close ADJ
{NAME} is/AUX a/DET close/ADJ friend/NOUN of/ADP (mine|ours|hers|his|theirs)/PRON .
{NAME} is/AUX a/DET close/ADJ friend/NOUN of/ADP {NAME} .
{NAME} and/CCONJ {NAME} are/AUX close/ADJ friends/NOUN .
That/PRON was/AUX close/ADJ !
It/PRON was/AUX a/DET close/ADJ (game|race|match|call|vote)/NOUN .
The/DET (vote|race|game|result)/NOUN was/AUX (very|really)/ADV close/ADJ .
The/DET (two|three)/NUM (sisters|brothers|friends|towns)/NOUN are/AUX very/ADV close/ADJ .
{S} kept/VERB/keep a/DET close/ADJ eye/NOUN on/ADP the/DET (kids|children|dog|baby|soup|time)/NOUN .

== close ADV 14
The/DET (station|school|beach|park|shop|bank)/NOUN is/AUX {DEG?} close/ADV to/ADP the/DET (hotel|house|park|river|station)/NOUN .
{S} {VS:live} close/ADV to/ADP the/DET (school|station|sea|river|park|city)/NOUN .
(Stay|Keep)/VERB close/ADV (to|behind)/ADP {OH} .
The/DET {N:animal} came/VERB/come (very|quite)/ADV close/ADV to/ADP the/DET (house|tent|boat|car)/NOUN .
Are/AUX we/PRON close/ADV ?

== open VERB
Open/VERB the/DET (door|window|box|gate|jar|bag|book|letter|present|can)/NOUN {END}
{S} (will|can|could|should)/AUX open/VERB a/DET {ADJ?:place} (shop|cafe|bakery|restaurant)/NOUN in/ADP {CITY} .
The/DET (shops|banks|museums|libraries)/NOUN open/VERB at/ADP {CLOCK} .
Can/AUX you/PRON open/VERB (this|the)/DET (jar|can|window|door|box)/NOUN ?
{S} (tried|wanted|forgot)/VERB/(try|want|forget) to/PART open/VERB the/DET (door|window|box|jar)/NOUN .
Do/AUX not/PART open/VERB the/DET (door|window|box|present)/NOUN (before|until)/ADP {DAY} .

== open ADJ
The/DET (door|window|gate|shop|box|bank|museum)/NOUN (is|was)/AUX {DEG?} open/ADJ .
{S} left/VERB/leave the/DET (door|window|gate|box)/NOUN open/ADJ .
Is/AUX the/DET (shop|bank|pool|cafe|museum)/NOUN open/ADJ (today|tonight)/NOUN ?
{S} (ran|walked)/VERB/(run|walk) across/ADP an/DET open/ADJ field/NOUN .
Keep/VERB an/DET open/ADJ mind/NOUN .
Keep/VERB your/PRON eyes/NOUN open/ADJ .
The/DET (cafe|shop|market)/NOUN stays/VERB/stay open/ADJ late/ADV .

== face NOUN
{S} washed/VERB/wash {PPOSS} face/NOUN .
{POSS} face/NOUN turned/VERB/turn (red|pale|white)/ADJ .
{S} had/VERB/have a/DET (big|wide|kind)/ADJ smile/NOUN on/ADP {PPOSS} face/NOUN .
{S} saw/VERB/see a/DET (familiar|friendly|kind|strange|new)/ADJ face/NOUN (in|at)/ADP the/DET (crowd|station|party|market|window)/NOUN .
The/DET (north|south)/ADJ face/NOUN of/ADP the/DET mountain/NOUN is/AUX (steep|icy|dangerous)/ADJ .
The/DET clock/NOUN face/NOUN (was|is)/AUX (white|round|cracked)/ADJ .

== face VERB
{S} (will|must|should|can)/AUX face/VERB the/DET (problem|truth|test|storm|facts|music)/NOUN .
{SN} face/VERB a/DET (big|hard|new|difficult|long)/ADJ (problem|choice|test|winter|trip)/NOUN .
(Our|My|The)/(PRON|PRON|DET) (rooms|windows|houses|balconies)/NOUN face/VERB the/DET (sea|street|garden|park|river)/NOUN .
Face/VERB the/DET (wall|window|class|front)/NOUN {END}
{S} could/AUX not/PART face/VERB (them|him|her)/PRON .
Face/VERB it/PRON , {NAME} .

== last ADJ
{S} missed/VERB/miss the/DET last/ADJ (train|bus|ferry|tram)/NOUN .
This/PRON is/AUX the/DET last/ADJ (time|chance|piece|page|day)/NOUN .
{S} ate/VERB/eat the/DET last/ADJ (cookie|apple|piece|slice|egg)/NOUN .
The/DET last/ADJ (chapter|song|game|day)/NOUN was/AUX (long|sad|great|short)/ADJ .

== last VERB
Good/ADJ (shoes|boots|tools|bags)/NOUN last/VERB for/ADP years/NOUN .
The/DET (meeting|storm|film|trip|party|class)/NOUN will/AUX last/VERB (two|three|four)/NUM hours/NOUN .
How/ADV long/ADV (will|did|does)/AUX it/PRON last/VERB ?
The/DET (milk|bread|snow|peace)/NOUN did/AUX not/PART last/VERB long/ADV .
These/DET (batteries|candles|flowers)/NOUN will/AUX not/PART last/VERB .
This/DET (coat|bag|car|watch)/NOUN will/AUX last/VERB for/ADP years/NOUN .
(Storms|Winters|Summers)/NOUN here/ADV last/VERB for/ADP (weeks|months)/NOUN .

== last ADV 10
{NAME} (arrived|finished|spoke|came)/VERB/(arrive|finish|speak|come) last/ADV .
Add/VERB the/DET (salt|sugar|eggs|cheese)/NOUN last/ADV .
When/ADV did/AUX you/PRON last/ADV (see|visit|call)/VERB {NAME} ?

== still ADV
{S} {BE} still/ADV {ADJ:person} .
{S} still/ADV {VS:live,work} in/ADP {CITY} .
Is/AUX it/PRON still/ADV (raining|snowing)/VERB/(rain|snow) ?
{S} (could|can)/AUX still/ADV (see|hear)/VERB the/DET {N:animal,vehicle} .
The/DET (soup|tea|coffee|bread)/NOUN is/AUX still/ADV (hot|warm|fresh)/ADJ .
{S} still/ADV {VS:remember,love,miss} {OH} .

== still ADJ
(Sit|Stand|Stay|Keep)/VERB still/ADJ {END}
The/DET (lake|water|air|forest|night|room|house)/NOUN was/AUX {DEG?} still/ADJ .
{S} stood/VERB/stand (very|perfectly)/ADV still/ADJ .
The/DET {N:animal} (sat|stood)/VERB/(sit|stand) still/ADJ on/ADP the/DET (grass|branch|road|path|wall)/NOUN .
{S} ordered/VERB/order still/ADJ water/NOUN .
Everything/PRON was/AUX still/ADJ .
It/PRON was/AUX a/DET still/ADJ (night|morning|evening|day)/NOUN .

== lead VERB
{S} (will|can|should)/AUX lead/VERB the/DET (team|group|tour|class|meeting|band|way)/NOUN .
(These|The)/DET (roads|paths|trails|steps)/NOUN lead/VERB to/ADP the/DET (beach|village|lake|river|castle|station)/NOUN .
All/DET roads/NOUN lead/VERB to/ADP Rome/PROPN .
{S} (wanted|hoped|asked)/VERB/(want|hope|ask) to/PART lead/VERB the/DET (team|group|project)/NOUN .
Lead/VERB the/DET (way|horse|group)/NOUN , {NAME} .
Can/AUX you/PRON lead/VERB the/DET (meeting|tour|group)/NOUN {TFUT?} ?
Good/ADJ habits/NOUN lead/VERB to/ADP (success|happiness)/NOUN .

== lead NOUN
{S} took/VERB/take the/DET lead/NOUN in/ADP the/DET (race|game|match)/NOUN .
{NAME} (has|had|lost)/VERB/(have|have|lose) the/DET lead/NOUN .
Old/ADJ (pipes|paint|toys)/NOUN (can|may|might)/AUX contain/VERB lead/NOUN .
The/DET lead/NOUN in/ADP (my|the|his)/(PRON|DET|PRON) pencil/NOUN broke/VERB/break .
The/DET (police|detective)/NOUN followed/VERB/follow a/DET (new|strong|good)/ADJ lead/NOUN .
{NAME} played/VERB/play the/DET lead/NOUN in/ADP the/DET play/NOUN .
Put/VERB the/DET dog/NOUN on/ADP a/DET lead/NOUN .

== duck NOUN
{S} fed/VERB/feed the/DET duck/NOUN (in|at|by)/ADP the/DET (pond|park|lake|river)/NOUN .
A/DET (white|brown|little|young|wild)/ADJ duck/NOUN (swam|walked|flew|landed)/VERB/(swim|walk|fly|land) (across|on|over)/ADP the/DET (pond|lake|river|path)/NOUN .
The/DET duck/NOUN (is|was)/AUX (hungry|noisy|wet|tiny)/ADJ .
I/PRON saw/VERB/see her/PRON duck/NOUN swim/VERB across/ADP the/DET (pond|lake|river)/NOUN .
(We|They)/PRON (had|ate|cooked)/VERB/(have|eat|cook) duck/NOUN for/ADP dinner/NOUN .
There/PRON is/AUX a/DET duck/NOUN on/ADP the/DET (pond|lake|roof|path|river)/NOUN .
Did/AUX you/PRON see/VERB the/DET duck/NOUN ?

== duck VERB
Duck/VERB , {NAME} !
{S} had/VERB/have to/PART duck/VERB under/ADP the/DET (branch|rope|gate|fence|table)/NOUN .
{S} (tried|wanted)/VERB/(try|want) to/PART duck/VERB (under|behind)/ADP the/DET (table|desk|car|wall|fence|bench)/NOUN .
I/PRON saw/VERB/see (her|him)/PRON duck/VERB (under|behind)/ADP the/DET (table|desk|car|wall|fence)/NOUN .
Duck/VERB (now|quickly)/ADV !
You/PRON (must|should)/AUX duck/VERB (here|now)/ADV .
Tall/ADJ (people|guests|men)/NOUN (must|should)/AUX duck/VERB (under|through)/ADP the/DET (door|beam|gate)/NOUN .

== ring NOUN
{S} (lost|found|bought|wore)/VERB/(lose|find|buy|wear) a/DET (new|old|small|silver|gold)/ADJ ring/NOUN .
{S} gave/VERB/give {OH} a/DET ring/NOUN .
The/DET ring/NOUN (is|was)/AUX {DEG?} (small|big|tight|loose|old|beautiful|shiny)/ADJ .
(Her|His|My)/PRON ring/NOUN fell/VERB/fall (into|behind|under)/ADP the/DET (sink|sofa|sand|grass)/NOUN .
The/DET (kids|children)/NOUN sat/VERB/sit in/ADP a/DET ring/NOUN .
The/DET (boxers|horses|clowns)/NOUN (entered|left)/VERB/(enter|leave) the/DET ring/NOUN .
A/DET ring/NOUN of/ADP (trees|stones|light|smoke)/NOUN (surrounded|circled)/VERB/(surround|circle) the/DET (house|village|lake|hill)/NOUN .
{S} heard/VERB/hear a/DET ring/NOUN at/ADP the/DET door/NOUN .

== ring VERB
Ring/VERB the/DET bell/NOUN {END}
{S} will/AUX ring/VERB {OH} {TFUT} .
The/DET (bells|phones|alarms)/NOUN ring/VERB (every|each)/DET (hour|morning|day)/NOUN .
Did/AUX the/DET (phone|bell|doorbell|alarm)/NOUN ring/VERB ?
(I|We)/PRON heard/VERB/hear the/DET (phone|bell|doorbell)/NOUN ring/VERB .
{S} (forgot|tried|wanted)/VERB/(forget|try|want) to/PART ring/VERB the/DET (bell|doorbell)/NOUN .
Do/AUX not/PART ring/VERB the/DET (bell|doorbell)/NOUN after/ADP (midnight|ten)/(NOUN|NUM) .

== present NOUN
{S} bought/VERB/buy a/DET birthday/NOUN present/NOUN for/ADP {OH} .
{S} bought/VERB/buy a/DET present/NOUN for/ADP {OH} {TPAST?} .
{S} (opened|wrapped|hid)/VERB/(open|wrap|hide) the/DET present/NOUN {TPAST?} .
The/DET present/NOUN (was|is)/AUX (small|big|heavy|light|lovely|strange)/ADJ .
{NAME} gave/VERB/give {OH} a/DET (nice|small|lovely|strange|useful)/ADJ present/NOUN .
Thank/VERB you/PRON for/ADP the/DET present/NOUN .
(This|That)/DET present/NOUN is/AUX for/ADP {OH} .
Live/VERB in/ADP the/DET present/NOUN .

== present ADJ
All/DET the/DET (students|members|guests|children|players)/NOUN were/AUX present/ADJ .
{NAME} was/AUX not/PART present/ADJ at/ADP the/DET (meeting|party|class|wedding|concert)/NOUN .
The/DET present/ADJ (owner|mayor|manager|teacher|captain)/NOUN is/AUX {ADJ:person} .
Who/PRON was/AUX present/ADJ ?
(Two|Three|Five|Twenty)/NUM (guests|doctors|teachers|parents)/NOUN were/AUX present/ADJ .

== present VERB
{S} (will|must|should|can)/AUX present/VERB the/DET (report|plan|results|idea|project)/NOUN {TFUT?} .
{SN} present/VERB (our|their|the)/(PRON|PRON|DET) (work|results|ideas|plans)/NOUN (every|each)/DET (week|month|Friday)/(NOUN|NOUN|PROPN) .
{S} (wanted|asked|decided|hoped)/VERB/(want|ask|decide|hope) to/PART present/VERB the/DET (plan|idea|report)/NOUN .
The/DET (mayor|teacher|coach|queen|king)/NOUN will/AUX present/VERB the/DET (prizes|awards|medals|cup)/NOUN .
Who/PRON will/AUX present/VERB the/DET (news|show|prizes|report)/NOUN ?
Please/INTJ present/VERB your/PRON (ticket|passport|card)/NOUN at/ADP the/DET (door|gate|desk)/NOUN .

== left VERB 14
{S} left/VERB/leave {DIR?} {TPAST} .
{S} left/VERB/leave {POSS} {N:thing} (at|on)/ADP the/DET (bus|train|station|beach|table)/NOUN .
The/DET (train|bus|ferry|plane)/NOUN left/VERB/leave (early|late)/ADV .

== left ADJ 14
{S} broke/VERB/break {PPOSS} left/ADJ (arm|leg|hand|foot|wrist)/NOUN .
The/DET left/ADJ (door|side|window|lane|shoe)/NOUN (is|was)/AUX (broken|open|stuck|dirty)/ADJ .
{S} {VS:write} with/ADP {PPOSS} left/ADJ hand/NOUN .

== left ADV 12
Turn/VERB left/ADV (at|after)/ADP the/DET (church|bank|lights|bridge|school)/NOUN .
{S} turned/VERB/turn left/ADV (at|after)/ADP the/DET (corner|bridge|station)/NOUN .
Go/VERB left/ADV , then/ADV right/ADV .

== water VERB 16
{S} (will|should|must|can)/AUX water/VERB the/DET {NS:waterable} {TFUT?} .
{SN} water/VERB the/DET (garden|plants|flowers|trees|lawn)/NOUN {THAB} .
Did/AUX you/PRON water/VERB the/DET (plants|flowers|garden)/NOUN ?
Please/INTJ water/VERB the/DET (plants|flowers|roses)/NOUN .

== water NOUN 16
{S} drank/VERB/drink a/DET glass/NOUN of/ADP water/NOUN .
The/DET water/NOUN (is|was)/AUX (cold|warm|deep|clear|dirty)/ADJ .
There/PRON is/AUX no/DET water/NOUN in/ADP the/DET (bottle|jug|well|bucket|pool)/NOUN .

== plant NOUN 14
{S} bought/VERB/buy a/DET (small|green|new|big)/ADJ plant/NOUN for/ADP the/DET (kitchen|office|window|room)/NOUN .
The/DET plant/NOUN (needs|needed)/VERB/need (water|light|sun)/NOUN .
This/DET plant/NOUN grows/VERB/grow (fast|slowly)/ADV .

== plant VERB 14
{S} (will|should|can)/AUX plant/VERB {NS:plantable} in/ADP the/DET (garden|field|yard|spring)/NOUN .
{SN} plant/VERB {NS:plantable} (every|each)/DET (spring|year|autumn)/NOUN .
Let/VERB us/PRON plant/VERB a/DET tree/NOUN .

== kind ADJ 14
{S} {BE} very/ADV kind/ADJ to/ADP {OH} .
That/PRON was/AUX (so|very|really)/ADV kind/ADJ of/ADP you/PRON .
{NAME} is/AUX a/DET kind/ADJ (man|woman|teacher|doctor|neighbor)/NOUN .

== kind NOUN 14
What/DET kind/NOUN of/ADP {N:animal,thing,fruit,sport} (is|was)/AUX (that|this|it)/PRON ?
{SN} like/VERB this/DET kind/NOUN of/ADP (music|food|weather|book|film)/NOUN .
It/PRON is/AUX a/DET kind/NOUN of/ADP (fish|bird|tree|cake|dance)/NOUN .

== fast ADJ 12
{NAME} has/VERB/have a/DET fast/ADJ (car|bike|boat|horse)/NOUN .
The/DET (train|car|horse|dog)/NOUN is/AUX (very|really)/ADV fast/ADJ .

== fast ADV 12
{S} (ran|swam|drove|walked|spoke)/VERB/(run|swim|drive|walk|speak) (very|too|really)/ADV fast/ADV .
Do/AUX not/PART (drive|eat|talk|run)/VERB so/ADV fast/ADV .

== hard ADJ 12
The/DET (test|exam|question|job|climb)/NOUN was/AUX (very|really|too)/ADV hard/ADJ .
It/PRON is/AUX hard/ADJ to/PART {VP} .

== hard ADV 12
{S} (worked|studied|trained|tried)/VERB/(work|study|train|try) (very|really)/ADV hard/ADV .
It/PRON (rained|snowed)/VERB/(rain|snow) hard/ADV {TPAST} .

== no DET 14
There/PRON is/AUX no/DET {N:food_mass,drink} in/ADP the/DET (kitchen|fridge|cupboard|house)/NOUN .
{S} {HAVEV} no/DET (time|money|idea|choice)/NOUN .
No/DET (dogs|bikes|cars|phones)/NOUN (are|were)/AUX allowed/VERB/allow (here|inside)/ADV .

== no INTJ 14
No/INTJ , {CL} .
No/INTJ , thank/VERB you/PRON .
Oh/INTJ no/INTJ , {CLP} !

== there ADV 14
{S} (went|ran|walked|drove)/VERB/(go|run|walk|drive) there/ADV {TPAST?} .
Put/VERB the/DET {N:thing} there/ADV .
{S} {WAS} there/ADV {TPAST?} .
Is/AUX {NAME} there/ADV ?
I/PRON (lived|worked|studied)/VERB/(live|work|study) there/ADV for/ADP {NUMW} years/NOUN .

== there PRON 14
There/PRON (is|was)/AUX a/DET {N:animal,thing} {LOC} .
Is/AUX there/PRON a/DET {N:building,place} (near|behind)/ADP the/DET (station|hotel|park)/NOUN ?

== when ADV 14
When/ADV (does|did|will)/AUX the/DET {N:event,vehicle} (start|leave|arrive|end)/VERB ?
When/ADV did/AUX {SQ} (arrive|leave|call)/VERB ?

== when SCONJ 14
When/SCONJ {CLPRES} , {CLPRES} .
{S} (smiled|laughed|waved|stopped)/VERB/(smile|laugh|wave|stop) when/SCONJ {CLP} .
Call/VERB (me|us|him|her)/PRON when/SCONJ you/PRON (arrive|finish|wake)/VERB .

== before SCONJ 12
Wash/VERB your/PRON hands/NOUN before/SCONJ you/PRON (eat|cook|leave)/VERB .
{CLP} before/SCONJ {CLP} .

== before ADP 12
{S} (arrived|left|woke)/VERB/(arrive|leave|wake) before/ADP (noon|midnight|dawn|breakfast|dinner)/NOUN .
Brush/VERB your/PRON teeth/NOUN/tooth before/ADP bed/NOUN .

== after SCONJ 12
After/SCONJ {CLP} , {CLP} .
{S} (rested|slept|sat)/VERB/(rest|sleep|sit) after/SCONJ {CLP} .

== after ADP 12
{S} (called|left|came)/VERB/(call|leave|come) after/ADP (lunch|dinner|school|work)/NOUN .
After/ADP the/DET {N:event} , {CLP} .

== 's PART 16
{NAME}+ 's/PART {N:thing,animal,vehicle} is/AUX {ADJ:@} .
{S} found/VERB/find {NAME}+ 's/PART {N:thing} {LOC} .
The/DET {N:person}+ 's/PART {N:vehicle,thing,animal} (was|is)/AUX {ADJ:@} .

== 's AUX 16
(He|She)/PRON+ 's/AUX/be {ADJ:person} .
(He|She)/PRON+ 's/AUX/be (going|coming|working|sleeping|reading)/VERB {LOC?} .
It/PRON+ 's/AUX/be (raining|snowing|late|cold|warm|early)/(VERB|VERB|ADJ|ADJ|ADJ|ADJ) .
That/PRON+ 's/AUX/be (right|true|strange|fine|great|wrong)/ADJ .

== will PROPN 8
Will/PROPN will/AUX watch/VERB the/DET (game|film|match|kids)/NOUN .
Will/PROPN (lives|works)/VERB/(live|work) in/ADP {CITY} .

== may PROPN 8
{S} will/AUX (travel|visit|come|leave)/VERB/(travel|visit|come|leave) in/ADP May/PROPN .
May/PROPN may/AUX (come|stay|call|visit)/VERB (tomorrow|tonight)/NOUN .
"""


WRAP_SCONJ_PAST = ["because", "when", "while", "although", "after", "before", "since"]
WRAP_SCONJ_PRES = ["because", "when", "while", "although", "if", "before", "after"]
PAST_FORMS = set(v.past for v in VERB_BY_BASE.values() if v.past != v.base) | {"was", "were", "did", "had", "could", "would"}


def is_past(toks):
    return any(t[1] in ("VERB", "AUX") and t[0].lower() in PAST_FORMS for t in toks)


def wrap(toks):
    """Embed a (short) focus sentence in a longer one, keeping its tags."""
    end = toks[-1][0]
    first_verb = toks[0][1] == "VERB" or toks[0][0].lower() in ("please", "do", "let")
    r = RNG.random()
    if end == "?":
        if r < 0.5 or toks[0][1] == "INTJ":
            return name_tok()[0] + [T(",", "PUNCT")] + toks
        return [T(pick(["oh", "hey", "well"]), "INTJ"), T(",", "PUNCT")] + toks
    body = toks[:-1]
    if body[-1][1] in ("INTJ", "PUNCT") or any(t[0] == "," for t in body):
        return [T(pick(["oh", "yes", "okay", "ah"]), "INTJ"), T(",", "PUNCT")] + toks
    if r < 0.3 and not first_verb:
        cl = finite_clause(new_ctx(), tense=pick(["past", "past", "pastprog"]) if is_past(body) else pick(["pres", "fut", "prog", "modal"]),
                           adjuncts=chance(0.6), depth=1)
        return body + [T(",", "PUNCT"), T(pick(["and", "but", "and"]), "CCONJ")] + cl + P()
    if r < 0.75:
        if is_past(body):
            cl = finite_clause(new_ctx(), tense=pick(["past", "past", "pastprog"]), adjuncts=chance(0.6), depth=1)
            return body + [T(pick(WRAP_SCONJ_PAST), "SCONJ")] + cl + P()
        cl = finite_clause(new_ctx(), tense=pick(["pres", "pres", "prog"]), adjuncts=chance(0.6), depth=1)
        return body + [T(pick(WRAP_SCONJ_PRES), "SCONJ")] + cl + P()
    if r < 0.87:
        return [T(pick(["oh", "yes", "okay", "hey", "ah"]), "INTJ"), T(",", "PUNCT")] + toks
    return name_tok()[0] + [T(",", "PUNCT")] + toks


def parse_focus(src):
    focus = {}
    targets = {}
    key = None
    for line in src.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("=="):
            parts = line[2:].split()
            key = (parts[0], parts[1])
            focus[key] = []
            targets[key] = int(parts[2]) if len(parts) > 2 else DEFAULT_TARGET
            continue
        focus[key].append(line)
    return focus, targets


FOCUS, TARGETS = parse_focus(FOCUS_SRC)
# the reading "can AUX" needs no frames: general sentences supply it
TARGETS[("can", "AUX")] = DEFAULT_TARGET


# ============================================================================
# 8. hand-written sentences (minimal pairs, classics, garden paths)
# ============================================================================

HANDWRITTEN = r"""
I/PRON saw/VERB/see a/DET saw/NOUN ./PUNCT
I/PRON saw/VERB/see the/DET saw/NOUN in/ADP the/DET shed/NOUN ./PUNCT
She/PRON saw/VERB/see a/DET saw/NOUN on/ADP the/DET bench/NOUN ./PUNCT
We/PRON saw/VERB/see him/PRON cut/VERB the/DET log/NOUN with/ADP a/DET saw/NOUN ./PUNCT
Time/NOUN flies/VERB/fly like/ADP an/DET/a arrow/NOUN ./PUNCT
Fruit/NOUN flies/NOUN/fly like/VERB a/DET banana/NOUN ./PUNCT
Time/NOUN flies/VERB/fly ./PUNCT
The/DET fly/NOUN flies/VERB/fly ./PUNCT
Flies/NOUN/fly fly/VERB ./PUNCT
They/PRON can/AUX can/VERB fish/NOUN ./PUNCT
We/PRON can/AUX can/VERB the/DET peaches/NOUN/peach ./PUNCT
I/PRON can/AUX open/VERB a/DET can/NOUN ./PUNCT
Can/AUX you/PRON open/VERB this/DET can/NOUN ?/PUNCT
We/PRON can/VERB what/PRON we/PRON can/AUX+ not/PART eat/VERB ./PUNCT
Book/VERB a/DET book/NOUN ./PUNCT
Book/VERB a/DET table/NOUN and/CCONJ bring/VERB a/DET book/NOUN ./PUNCT
I/PRON booked/VERB/book a/DET room/NOUN and/CCONJ read/VERB/read a/DET book/NOUN ./PUNCT
I/PRON watch/VERB my/PRON watch/NOUN ./PUNCT
Watch/VERB the/DET watch/NOUN ./PUNCT
Will/PROPN will/AUX watch/VERB the/DET watch/NOUN ./PUNCT
Mark/PROPN will/AUX mark/VERB the/DET test/NOUN ./PUNCT
May/PROPN may/AUX visit/VERB in/ADP May/PROPN ./PUNCT
Rose/PROPN rose/VERB/rise early/ADV ./PUNCT
Bill/PROPN paid/VERB/pay the/DET bill/NOUN ./PUNCT
Jack/PROPN lifted/VERB/lift the/DET car/NOUN with/ADP a/DET jack/NOUN ./PUNCT
Grace/PROPN sang/VERB/sing with/ADP grace/NOUN ./PUNCT
I/PRON saw/VERB/see her/PRON duck/VERB under/ADP the/DET table/NOUN ./PUNCT
I/PRON saw/VERB/see her/PRON duck/NOUN swim/VERB across/ADP the/DET pond/NOUN ./PUNCT
The/DET duck/NOUN ducked/VERB/duck ./PUNCT
The/DET old/ADJ man/VERB the/DET boat/NOUN ./PUNCT
The/DET old/ADJ man/NOUN sat/VERB/sit in/ADP the/DET boat/NOUN ./PUNCT
The/DET complex/NOUN houses/VERB/house married/ADJ and/CCONJ single/ADJ soldiers/NOUN/soldier ./PUNCT
The/DET horse/NOUN raced/VERB/race past/ADP the/DET barn/NOUN fell/VERB/fall ./PUNCT
Light/VERB the/DET lamp/NOUN ;/PUNCT the/DET light/NOUN is/AUX too/ADV dim/ADJ ./PUNCT
The/DET box/NOUN is/AUX light/ADJ ,/PUNCT so/ADV carry/VERB it/PRON to/ADP the/DET light/NOUN ./PUNCT
We/PRON park/VERB near/ADP the/DET park/NOUN ./PUNCT
Please/INTJ close/VERB the/DET door/NOUN ;/PUNCT the/DET station/NOUN is/AUX close/ADV ./PUNCT
Open/VERB the/DET door/NOUN and/CCONJ leave/VERB it/PRON open/ADJ ./PUNCT
I/PRON run/VERB every/DET morning/NOUN ,/PUNCT and/CCONJ my/PRON run/NOUN takes/VERB/take an/DET/a hour/NOUN ./PUNCT
I/PRON train/VERB on/ADP the/DET train/NOUN ./PUNCT
I/PRON ca/AUX/can+ n't/PART bear/VERB that/DET bear/NOUN ./PUNCT
Do/AUX not/PART point/VERB at/ADP the/DET point/NOUN ./PUNCT
They/PRON present/VERB the/DET present/NOUN to/ADP the/DET present/ADJ owner/NOUN ./PUNCT
What/PRON do/AUX you/PRON mean/VERB ?/PUNCT He/PRON is/AUX not/PART mean/ADJ ./PUNCT
Turn/VERB right/ADV ;/PUNCT you/PRON are/AUX right/ADJ ./PUNCT
Still/ADJ water/NOUN runs/VERB/run deep/ADV ./PUNCT
I/PRON left/VERB/leave my/PRON left/ADJ glove/NOUN on/ADP the/DET bus/NOUN ./PUNCT
I/PRON know/VERB that/SCONJ that/DET book/NOUN is/AUX yours/PRON ./PUNCT
I/PRON know/VERB that/SCONJ that/PRON is/AUX true/ADJ ./PUNCT
That/DET dog/NOUN knows/VERB/know that/PRON ./PUNCT
The/DET dog/NOUN that/PRON barked/VERB/bark is/AUX mine/PRON ./PUNCT
I/PRON like/VERB people/NOUN/people like/ADP her/PRON ./PUNCT
Do/AUX you/PRON like/VERB it/PRON like/ADP this/PRON ?/PUNCT
We/PRON play/VERB in/ADP the/DET school/NOUN play/NOUN ./PUNCT
Rock/VERB the/DET baby/NOUN ,/PUNCT not/PART the/DET rock/NOUN ./PUNCT
I/PRON fish/VERB for/ADP fish/NOUN ./PUNCT
Well/INTJ ,/PUNCT the/DET well/NOUN works/VERB/work well/ADV ./PUNCT
She/PRON will/AUX face/VERB the/DET crowd/NOUN with/ADP a/DET brave/ADJ face/NOUN ./PUNCT
The/DET last/ADJ film/NOUN lasted/VERB/last three/NUM hours/NOUN/hour ./PUNCT
Lead/VERB the/DET team/NOUN and/CCONJ keep/VERB the/DET lead/NOUN ./PUNCT
Ring/VERB the/DET bell/NOUN and/CCONJ show/VERB them/PRON the/DET ring/NOUN ./PUNCT
Set/VERB the/DET table/NOUN with/ADP the/DET new/ADJ set/NOUN of/ADP plates/NOUN/plate ./PUNCT
Come/VERB back/ADV and/CCONJ sit/VERB at/ADP the/DET back/NOUN ./PUNCT
The/DET round/ADJ man/NOUN won/VERB/win the/DET last/ADJ round/NOUN ./PUNCT
The/DET bear/NOUN could/AUX not/PART bear/VERB the/DET cold/NOUN ./PUNCT
The/DET sailors/NOUN/sailor ship/VERB the/DET boxes/NOUN/box by/ADP ship/NOUN ./PUNCT
Water/VERB the/DET plants/NOUN/plant with/ADP cold/ADJ water/NOUN ./PUNCT
Plant/VERB the/DET plant/NOUN near/ADP the/DET window/NOUN ./PUNCT
The/DET cook/NOUN likes/VERB/like to/PART cook/VERB rice/NOUN ./PUNCT
Let/VERB me/PRON/I walk/VERB you/PRON home/ADV after/ADP our/PRON/we walk/NOUN ./PUNCT
The/DET dancers/NOUN/dancer dance/VERB a/DET slow/ADJ dance/NOUN ./PUNCT
Call/VERB me/PRON/I if/SCONJ you/PRON miss/VERB my/PRON/I call/NOUN ./PUNCT
It/PRON will/AUX rain/VERB ,/PUNCT so/ADV the/DET rain/NOUN will/AUX help/VERB the/DET garden/NOUN ./PUNCT
Do/AUX you/PRON do/VERB your/PRON/you homework/NOUN ?/PUNCT
Did/AUX you/PRON do/VERB the/DET dishes/NOUN/dish ?/PUNCT
She/PRON does/VERB/do the/DET shopping/NOUN on/ADP Saturdays/PROPN/Saturday ./PUNCT
I/PRON have/AUX had/VERB/have a/DET cold/NOUN all/DET week/NOUN ./PUNCT
They/PRON have/VERB a/DET dog/NOUN and/CCONJ have/AUX named/VERB/name it/PRON Max/PROPN ./PUNCT
There/PRON is/AUX a/DET fly/NOUN over/ADP there/ADV ./PUNCT
There/PRON are/AUX two/NUM cats/NOUN/cat there/ADV ./PUNCT
No/INTJ ,/PUNCT there/PRON is/AUX no/DET milk/NOUN ./PUNCT
Anna/PROPN+ 's/PART sister/NOUN 's/AUX/be a/DET pilot/NOUN ./PUNCT
It/PRON+ 's/AUX/be the/DET dog/NOUN+ 's/PART ball/NOUN ./PUNCT
I/PRON want/VERB to/PART go/VERB to/ADP the/DET market/NOUN ./PUNCT
He/PRON went/VERB/go to/ADP school/NOUN to/PART learn/VERB ./PUNCT
What/DET book/NOUN is/AUX that/PRON ?/PUNCT
What/PRON is/AUX that/DET book/NOUN ?/PUNCT
This/PRON is/AUX my/PRON/I bag/NOUN ,/PUNCT and/CCONJ this/DET bag/NOUN is/AUX yours/PRON/you ./PUNCT
The/DET lake/NOUN is/AUX still/ADV still/ADJ ./PUNCT
I/PRON still/ADV have/VERB/have the/DET still/ADJ photo/NOUN ./PUNCT
After/ADP lunch/NOUN we/PRON left/VERB/leave ,/PUNCT and/CCONJ after/SCONJ we/PRON left/VERB/leave ,/PUNCT it/PRON rained/VERB/rain ./PUNCT
Before/SCONJ you/PRON go/VERB ,/PUNCT finish/VERB your/PRON/you tea/NOUN before/ADP noon/NOUN ./PUNCT
When/ADV did/AUX you/PRON call/VERB ?/PUNCT I/PRON called/VERB/call when/SCONJ I/PRON woke/VERB/wake up/ADP ./PUNCT
The/DET orange/ADJ cat/NOUN ate/VERB/eat an/DET/a orange/NOUN ./PUNCT
Wait/VERB outside/ADV ;/PUNCT the/DET car/NOUN is/AUX outside/ADP the/DET gate/NOUN ./PUNCT
She/PRON went/VERB/go home/ADV ,/PUNCT but/CCONJ her/PRON/she home/NOUN was/AUX/be empty/ADJ ./PUNCT
He/PRON runs/VERB/run fast/ADV because/SCONJ he/PRON has/VERB/have a/DET fast/ADJ car/NOUN ./PUNCT
The/DET test/NOUN was/AUX/be hard/ADJ ,/PUNCT so/ADV we/PRON worked/VERB/work hard/ADV ./PUNCT
The/DET early/ADJ bird/NOUN wakes/VERB/wake early/ADV ./PUNCT
He/PRON is/AUX a/DET kind/ADJ man/NOUN of/ADP a/DET rare/ADJ kind/NOUN ./PUNCT
The/DET match/NOUN started/VERB/start before/SCONJ he/PRON lit/VERB/light a/DET match/NOUN ./PUNCT
Oh/INTJ ,/PUNCT hello/INTJ ,/PUNCT Nina/PROPN !/PUNCT
Yes/INTJ ,/PUNCT please/INTJ ./PUNCT
Thank/VERB you/PRON very/ADV much/ADV ./PUNCT
Hooray/INTJ ,/PUNCT we/PRON won/VERB/win !/PUNCT
3/NUM +/SYM 4/NUM =/SYM 7/NUM ./PUNCT
The/DET ticket/NOUN costs/VERB/cost $/SYM+ 12/NUM ./PUNCT
Only/ADV 40/NUM %/SYM of/ADP the/DET seats/NOUN/seat were/AUX/be free/ADJ ./PUNCT
The/DET sign/NOUN on/ADP the/DET door/NOUN said/VERB/say Ausgang/X ./PUNCT
They/PRON said/VERB/say bon/X appetit/X and/CCONJ started/VERB/start to/PART eat/VERB ./PUNCT
"""


def parse_handwritten():
    out = []
    for line in HANDWRITTEN.strip().splitlines():
        line = line.strip()
        if line:
            out.append(expand(line))
    return out


# ============================================================================
# 9. post-processing, coverage, output
# ============================================================================

GLUE_BEFORE = {".", ",", "?", "!", ";", ":", "%", "n't", "'s", "'m", "'re", "'ll", "'ve"}
AN_EXCEPT = ("one", "once", "uni", "use", "usu", "eu", "ur")


def wants_an(word):
    w = word.lower()
    if w.startswith(("hour", "honest", "heir")):
        return True
    if w[:1].isdigit():
        return w.startswith("8") or w in ("11", "18")
    if w.startswith(AN_EXCEPT):
        return False
    return w[:1] in "aeiou"


ALLOWED_REPEATS = {"can", "that", "had", "well", "still", "will", "may"}


def finalize(toks):
    toks = [list(t) for t in toks]
    for i, t in enumerate(toks):
        if i > 0 and toks[i - 1][0] in (".", "?", "!"):
            continue
        if i > 0 and t[1] not in ("PROPN", "X") and t[0] != "I" and t[0][0].isupper() and (t[0][1:].islower() or len(t[0]) == 1):
            t[0] = t[0].lower()
    for i, t in enumerate(toks[:-1]):
        if t[1] == "DET" and t[0].lower() in ("a", "an"):
            form = "an" if wants_an(toks[i + 1][0]) else "a"
            t[0] = form.capitalize() if t[0][0].isupper() else form
            t[2] = "a"
    for i in range(len(toks) - 1):
        if toks[i + 1][0] in GLUE_BEFORE or toks[i][0] == "$":
            toks[i][3] = True
    toks[-1][3] = False
    first = toks[0]
    if first[0][0].islower():
        first[0] = first[0][0].upper() + first[0][1:]
    return toks


def text_of(toks):
    parts = []
    for t in toks:
        parts.append(t[0])
        if not t[3]:
            parts.append(" ")
    return "".join(parts).rstrip()


def acceptable(toks):
    n = len(toks)
    if n < 3 or n > 42:
        return False
    forms = [t[0].lower() for t in toks]
    for i in range(n - 1):
        if forms[i] == forms[i + 1] and forms[i] not in ALLOWED_REPEATS and toks[i][1] != "PUNCT":
            return False
        if toks[i][1] == "PUNCT" and toks[i + 1][1] == "PUNCT":
            return False
    for i in range(n - 2):
        if toks[i + 1][0] == "and" and forms[i] == forms[i + 2]:
            return False
    if toks[-1][1] != "PUNCT":
        return False
    # a pronoun object identical to the pronoun subject ("I saw me") is unnatural
    pron_pairs = {("I", "me"), ("we", "us"), ("he", "him"), ("she", "her"), ("they", "them")}
    subj = [t[0].lower() if t[0] != "I" else "I" for t in toks if t[1] == "PRON"]
    for a, b in pron_pairs:
        if a in subj and b in subj and not (a == "she" and b == "her"):
            return False
    return True


def readings(toks):
    return {(t[0].lower(), t[1]) for t in toks}


class Corpus:
    def __init__(self):
        self.sents = []
        self.seen = set()
        self.cov = Counter()

    def add(self, toks, check=True):
        if check and not acceptable(toks):
            return False
        toks = finalize(toks)
        txt = text_of(toks)
        key = txt.lower()
        if key in self.seen:
            return False
        self.seen.add(key)
        self.sents.append((txt, toks))
        for r in readings(toks):
            self.cov[r] += 1
        return True


def build():
    corpus = Corpus()
    for toks in parse_handwritten():
        if not corpus.add(toks, check=False):
            raise SystemExit("hand-written sentence rejected: %s" % text_of(toks))
    while len(corpus.sents) < FIRST_GENERAL_BATCH:
        corpus.add(general_sentence())
    n_general = len(corpus.sents)
    # top up every ambiguous reading to its target with focus frames
    for key, frames in FOCUS.items():
        target = TARGETS[key]
        order = list(range(len(frames)))
        RNG.shuffle(order)
        k = 0
        tries = 0
        while corpus.cov[key] < target and tries < target * 40:
            tries += 1
            toks = expand(frames[order[k % len(order)]])
            k += 1
            if chance(WRAP_P):
                toks = wrap(toks)
            elif (toks[-1][0] != "?" and len(toks) < 9 and chance(0.45) and any(t[1] == "VERB" for t in toks)
                  and toks[-2][1] in ("NOUN", "PROPN", "PRON") and not any(t[1] == "ADP" or t[0] in ("here", "there") for t in toks)):
                toks = toks[:-1] + loc_toks() + toks[-1:]
            if key in readings(toks):
                corpus.add(toks)
    n_focus = len(corpus.sents) - n_general
    while len(corpus.sents) < N_SENTENCES:
        corpus.add(general_sentence())
    corpus.stats = (n_general, n_focus, len(corpus.sents) - n_general - n_focus)
    return corpus


def write_conllu(corpus, path):
    sents = list(corpus.sents)
    RNG.shuffle(sents)
    lines = []
    for i, (txt, toks) in enumerate(sents, 1):
        lines.append("# sent_id = pos-en-%04d" % i)
        lines.append("# text = %s" % txt)
        for j, t in enumerate(toks, 1):
            misc = "SpaceAfter=No" if t[3] else "_"
            lines.append("\t".join([str(j), t[0], t[2], t[1], "_", "_", "_", "_", "_", misc]))
        lines.append("")
    data = "\n".join(lines) + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(data)
    return len(sents)


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(here, "..", "engine", "data", "pos_en.conllu")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].strip(),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", default=default_out, help="output .conllu path")
    args = ap.parse_args(argv)
    corpus = build()
    n = write_conllu(corpus, args.output)
    short = [k for k, t in TARGETS.items() if corpus.cov[k] < t]
    print("wrote %d sentences to %s (hand-written + first general batch %d, focus %d, general fill %d)"
          % ((n, os.path.normpath(args.output)) + corpus.stats))
    if short:
        print("readings below target: " + ", ".join("%s/%s=%d" % (k[0], k[1], corpus.cov[k]) for k in short))
    return 0


if __name__ == "__main__":
    sys.exit(main())
