/* missions.h: how the command line finds a mission, one rule for every command.
 *
 * A mission is named by a file or by a bundled mission's id (`murk list`):
 *   1. a file, if one is there: the name as given (relative to the working directory),
 *      else, for a name read from a script or save (`near`), relative to that file's folder;
 *   2. else, if the name has no '/', the bundled mission NAME.yaml (or .yml) of
 *      murk_cli_data_dir();
 *   3. else the user's own mission NAME.yaml (or .yml) of murk_cli_user_dir()
 *      ($XDG_DATA_HOME/murk/missions): a bundled id always means the bundled mission, so
 *      scripts and saves replay the same; a user's mission adds an id. */
#ifndef MURK_CLI_MISSIONS_H
#define MURK_CLI_MISSIONS_H

#include <stdbool.h>
#include <stddef.h>

/* Where `name` leads. near: the script or save the name was read from, or NULL for a name
 * from the command line. Returns true with the path in out. */
bool murk_cli_mission_find(const char* name, const char* near, char* out, size_t n);

/* Say on stderr that no mission is called `name`, with the nearest bundled id if one is
 * close ("did you mean 'luneville'?"). */
void murk_cli_mission_not_found(const char* name);

/* The mission files (*.yaml, *.yml) of dir as "dir/file", sorted by name; NULL if dir
 * cannot be read or memory runs out. Free with murk_cli_mission_files_free. */
char** murk_cli_mission_files(const char* dir, size_t* count);
void murk_cli_mission_files_free(char** files, size_t count);

struct murk_args;
struct murk_mission;

/* The rules of `--with RULE` (given any number of times; a value may name several,
 * separated by commas) into buf, blank-separated, for murk_mission_add_rules. Returns 0, or
 * MURK_EXIT_USAGE after saying which name is no rule (with the nearest one). */
int murk_cli_with_list(const struct murk_args* a, char* buf, size_t n);

/* Add `list` (murk_cli_with_list, or a save's "# with:") to the loaded mission m. Returns
 * 0, or MURK_EXIT_INVALID after saying why the mission cannot have them (the pair table's
 * reason, or what the mission lacks). `from`: where the list came from, for the message. */
int murk_cli_with_add(struct murk_mission* m, const char* list, const char* from);

#endif
