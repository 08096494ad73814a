#!/usr/bin/env python3
"""Docs that cannot drift (issue 33): the command table against what is made from it.

- kprof.1 and docs/cli.md hold what tools/cli-docs makes from the command table (--check), and
  kprof.1's .TH line carries kprof.h's version and spec/project.yaml's date.
- Every option and operand of every command - read here from the rows in cli/kprof.c and the
  spellings in cli/options.h, not from the command - appears in that command's part of the man
  page, of docs/cli.md's synopsis, of `kprof CMD --help`, and of the bash, zsh and fish
  completion scripts.
- The completion scripts load in bash, zsh and fish and complete values: HAL builds, tables,
  releases (spec/windows_releases.yaml), vendors and source names (spec/source.yaml).
- Every example of the man page runs (exit 0), DUMP, RING, BUFFER, CHAIN and LISTING filled in
  with sample inputs.

Usage: KPROF=build/kprof test_cli_docs.py. Ends with 'N passed, N failed'.
"""
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktest import ROOT, check, done  # noqa: E402

KPROF = os.path.abspath(os.environ.get("KPROF", os.path.join(ROOT, "build", "kprof")))
SHARED = os.environ.get("KPROF_SHARED", os.path.join(ROOT, "..", "shared"))


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def run(*args, stdin=None):
    p = subprocess.run([KPROF, *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout, p.stderr


def table_rows():
    """{command: [spelling, ...]} from the source of the command table."""
    spell = dict(re.findall(r'X\((\w+),\s*"([^"]+)"\)', read("cli/options.h")))
    src = read("cli/kprof.c")
    src = src[src.index("commands[] = {"):]
    rows = {}
    starts = [(m.start(), m.group(1)) for m in re.finditer(r'\{"([a-z-]+)", kprof_cmd_', src)]
    for k, (at, name) in enumerate(starts):
        body = src[at:starts[k + 1][0] if k + 1 < len(starts) else len(src)]
        ids = re.findall(r"\b(?:FLAG|NUMBER|OPERAND_NUMBER|CHOICE|TEXT|WORD|FILE_ARG)\((\w+),", body)
        if "JSON_FLAG(" in body:
            ids.append("JSON")
        rows[name] = [spell[i] for i in ids]
    return rows


def section(text, start, end_pattern):
    """text from the line matching start up to the next line matching end_pattern."""
    m = re.search(start, text, re.M)
    if not m:
        return ""
    rest = text[m.end():]
    e = re.search(end_pattern, rest, re.M)
    return rest[:e.start()] if e else rest


def roff_plain(s):
    return s.replace("\\-", "-").replace("\\fB", "").replace("\\fI", "").replace("\\fR", "")


def spec_values():
    rel = yaml.safe_load(read("spec/windows_releases.yaml"))
    releases = [r["name"] for r in rel["records"][0]["rows"]] if "records" in rel else []
    if not releases:  # the rows wherever the spec keeps them
        def find(o):
            if isinstance(o, dict):
                for v in o.values():
                    x = find(v)
                    if x:
                        return x
            if isinstance(o, list):
                if o and isinstance(o[0], dict) and "build" in o[0]:
                    return o
                for v in o:
                    x = find(v)
                    if x:
                        return x
        releases = [str(r["name"]) for r in find(rel)]
    src = yaml.safe_load(read("spec/source.yaml"))
    tables = [t["id"].replace("_", "-") for t in src["tables"]]
    names = {s["name"] for t in src["tables"] for s in t.get("sources", [])}
    return [str(r) for r in releases], tables, names


def main():
    rows = table_rows()
    check(len(rows) >= 10 and all(rows.values()) or len(rows) >= 10, f"the command table's rows read: {sorted(rows)}")

    # The README's row for the command names every command of the table.
    readme_row = next((l for l in read("README.md").splitlines() if l.startswith("| the command |")), "")
    check(readme_row, "README.md has its row for the command")
    for cmd in rows:
        check(f"`{cmd}`" in readme_row or f"`kprof {cmd}`" in readme_row, f"README.md's row for the command names {cmd}")

    # The generated parts are current; the .TH line has the version and the date.
    p = subprocess.run([os.path.join(ROOT, "tools", "cli-docs"), "--check", KPROF], capture_output=True, text=True)
    check(p.returncode == 0, f"tools/cli-docs --check: kprof.1 and docs/cli.md made from the table [{p.stdout.strip()}]")
    man = read("kprof.1")
    version = re.search(r'^#define KPROF_VERSION_STRING "([^"]+)"', read("kprof.h"), re.M)[1]
    date = yaml.safe_load(read("spec/project.yaml"))["project"]["date"]
    th = re.search(r"^\.TH .*$", man, re.M)[0]
    check(f'"kprof {version}"' in th and f'"{date}"' in th, f"kprof.1 .TH names version {version} and date {date}: {th}")
    check(re.search(r"^\.SH EXAMPLES$", man, re.M) is not None, "kprof.1 has EXAMPLES")
    md = read("docs/cli.md")
    synopsis = section(md, r"^<!-- BEGIN synopsis", r"^<!-- END synopsis")

    scripts = {}
    for shell in ("bash", "zsh", "fish"):
        rc, out, err = run("--completion", shell)
        check(rc == 0 and out, f"kprof --completion {shell}")
        scripts[shell] = out

    for cmd, spellings in rows.items():
        man_part = roff_plain(section(man, r'^\.SS "' + re.escape(cmd.replace("-", "\\-")) + '"$', r"^\.S[SH] "))
        md_line = next((l for l in synopsis.splitlines() if l.strip().startswith(f"kprof {cmd} ") or l.strip() == f"kprof {cmd}"), "")
        rc, help_text, err = run(cmd, "--help")
        bash_part = section(scripts["bash"], r"^\t" + re.escape(cmd) + r"\)$", r"^\t[a-z-]+\)$|^\tesac$")
        zsh_part = section(scripts["zsh"], r"^\t" + re.escape(cmd) + r"\)$", r"^\t[a-z-]+\)$|^\tesac$")
        fish_part = "\n".join(l for l in scripts["fish"].splitlines() if f"__fish_seen_subcommand_from {cmd}'" in l)
        for s in spellings:
            word = re.compile(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])")
            check(word.search(man_part), f"kprof.1 documents {cmd} {s}")
            check(word.search(md_line), f"docs/cli.md's synopsis of {cmd} has {s}")
            check(word.search(help_text), f"kprof {cmd} --help has {s}")
            if s.startswith("--"):
                check(word.search(bash_part), f"bash completion of {cmd} offers {s}")
                check(word.search(zsh_part), f"zsh completion of {cmd} offers {s}")
                check(f"-l {s[2:]}" in fish_part, f"fish completion of {cmd} offers {s}")

    # The scripts load and complete values.
    releases, tables, names = spec_values()
    tmp = tempfile.mkdtemp()
    try:
        paths = {}
        for shell, text in scripts.items():
            paths[shell] = os.path.join(tmp, "kprof." + shell)
            open(paths[shell], "w").write(text)

        def bash(*words):
            prog = (f"source {paths['bash']}; COMP_WORDS=({' '.join(shlex.quote(w) for w in ['kprof', *words])}); "
                    f"COMP_CWORD={len(words)}; _kprof; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
            return set(subprocess.run(["bash", "-c", prog], capture_output=True, text=True, cwd=tmp).stdout.split())

        def zsh(*words):
            # The completion function with zsh's compadd and _files standing in: what it offers.
            prog = (f"source {paths['zsh']} 2>/dev/null; compdef() {{ :; }}; "
                    "compadd() { local a; for a in \"$@\"; do [[ $a == -- ]] || print -r -- $a; done }; "
                    "_files() { print -r -- FILES }; "
                    f"words=({' '.join(shlex.quote(w) for w in ['kprof', *words])}); CURRENT={len(words) + 1}; _kprof")
            return set(subprocess.run(["zsh", "-f", "-c", prog], capture_output=True, text=True, cwd=tmp).stdout.split())

        def fish(*words):
            line = " ".join(["kprof", *words])
            prog = f"source {paths['fish']}; complete -C {shlex.quote(line)}"
            out = subprocess.run(["fish", "--no-config", "-c", prog], capture_output=True, text=True, cwd=tmp).stdout
            return {l.split("\t")[0] for l in out.splitlines()}

        shells = {"bash": bash, "zsh": zsh, "fish": fish}
        for shell, complete in shells.items():
            if not shutil.which(shell):
                check(False, f"{shell} is installed (mk/cli.mk's DEPS)")
                continue
            check(subprocess.run([shell, "-n", paths[shell]] if shell != "fish" else ["fish", "--no-execute", paths[shell]]).returncode == 0,
                  f"the {shell} script parses")
            check(complete("") >= {"info", "sources", "plan"} if shell != "fish" else complete("") >= {"info", "sources", "plan"},
                  f"{shell}: the commands")
            check(complete("info", "--hal", "") == {"x64", "x86"}, f"{shell}: info --hal x64|x86 [{sorted(complete('info', '--hal', ''))}]")
            check(complete("sources", "--interface", "") == set(tables), f"{shell}: sources --interface = spec's tables")
            got = complete("info", "--windows", "")
            check(got == set(releases), f"{shell}: info --windows = spec's releases [{sorted(got ^ set(releases))}]")
            check(complete("sources", "--vendor", "") == {"amd", "intel", "hygon"}, f"{shell}: sources --vendor")
            want = {n for n in names if n.startswith("ProfileLLC")}
            got = {w for w in complete("perf", "ProfileLLC") if w.startswith("ProfileLLC")}
            check(want and got == want, f"{shell}: perf ProfileLLC -> {sorted(want)} [{sorted(got)}]")
            got = complete("plan", "ProfileTotalI")
            check("ProfileTotalIssues" in got, f"{shell}: plan ProfileTotalI -> ProfileTotalIssues")
    finally:
        shutil.rmtree(tmp)

    # Every example runs, with sample inputs for its placeholders.
    tmp = tempfile.mkdtemp()
    try:
        dumps = os.path.join(SHARED, "cpuid-dumps", "instlatx64")
        sky = [f for f in sorted(os.listdir(dumps)) if f.startswith("GenuineIntel00506E")]
        check(sky, "a Skylake dump in ../shared/cpuid-dumps/instlatx64")
        ring = os.path.join(tmp, "ring.bin")
        open(ring, "wb").write(bytes(32))
        buf = os.path.join(tmp, "pebs.bin")
        open(buf, "wb").write(b"")
        chain = os.path.join(tmp, "chain.bin")
        desc = "ProfileTime\0".encode("utf-16-le")
        entry = struct.pack("<IIIIQ", 0, 0, 1221, 1000000, 0) + desc
        open(chain, "wb").write(entry.ljust((len(entry) + 7) & ~7, b"\0"))
        fill = {"DUMP": os.path.join(dumps, sky[0]) if sky else "", "RING": ring, "BUFFER": buf, "CHAIN": chain,
                "LISTING": os.path.join(SHARED, "reference", "listings", "intel-tracelog-2020.txt")}
        examples = re.findall(r"^\.TP\n\.B kprof (.*)$", section(man, r"^\.SH EXAMPLES$", r"^\.SH "), re.M)
        check(len(examples) >= len(rows), f"kprof.1 has an example per command ({len(examples)})")
        for e in examples:
            args = [fill.get(w, w) for w in shlex.split(roff_plain(e).replace("\\e", "\\"))]
            rc, out, err = run(*args)
            # listing-check exits 1 when the listing and the dump's machine differ: a finding.
            ok = rc == 0 or (args[0] == "listing-check" and rc == 1 and out)
            check(ok, f"example kprof {roff_plain(e)}: runs [{rc} {err.strip()[:200]}]")
    finally:
        shutil.rmtree(tmp)
    return done()


if __name__ == "__main__":
    sys.exit(main())
