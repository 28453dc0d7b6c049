# Shared by the scripts: where the repository is, and building the binding when needed.
# Sourced, not run.

repo_root() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd
}

# Builds binding/target (the jar, lib/ and binding-lib/) when it is missing or older than the
# sources, so the scripts work from a fresh clone with nothing but Java 17 and Maven.
ensure_binding_built() {
  local root="$1"
  local jar
  jar=$(ls "$root"/binding/target/mongodb-tiered-binding-*.jar 2>/dev/null | head -n 1 || true)
  if [ -n "$jar" ] && [ -d "$root/binding/target/lib" ] &&
    [ -z "$(find "$root/binding/src/main" "$root/binding/pom.xml" "$root/pom.xml" -newer "$jar" -print -quit)" ]; then
    return 0
  fi
  command -v mvn >/dev/null || { echo "[ERROR] Maven (mvn) is needed to build the binding the first time; install it (e.g. apt-get install maven)" >&2; return 1; }
  echo "[INFO] building the mongodb-tiered binding (first run, or sources changed)..." >&2
  (cd "$root" && mvn -q -B -DskipTests -Dspotless.check.skip=true -pl binding -am package) >&2 || {
    echo "[ERROR] building the binding failed; run 'mvn -pl binding -am package' to see why" >&2
    return 1
  }
}

binding_jar() {
  ls "$1"/binding/target/mongodb-tiered-binding-*.jar | grep -v -- '-sources\|-tests' | head -n 1
}
